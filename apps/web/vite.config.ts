import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

/**
 * React Router 7's package exports name only its development build (remix-run/react-router
 * #12532, #14102: dev warnings on, bigger and slower); the production build ships beside it.
 */
const reactRouterProduction = (file: string) =>
  fileURLToPath(new URL(`../production/${file}`, import.meta.resolve('react-router')));

export default defineConfig(({ command }) => ({
  plugins: [
    react(),
    tailwindcss(),
    // Brotli (quality 11) and gzip (level 9) copies of every text file, written once here so
    // the API sends them as they are (apps/api/src/plugins/web.ts).
    compression({ algorithms: ['brotliCompress', 'gzip'], logLevel: 'silent' }),
  ],
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      ...(command === 'build'
        ? [
            { find: /^react-router\/dom$/, replacement: reactRouterProduction('dom-export.mjs') },
            { find: /^react-router$/, replacement: reactRouterProduction('index.mjs') },
          ]
        : []),
    ],
  },
  server: {
    // The API runs as its own process in development; in production it serves this build.
    proxy: { '/api': 'http://localhost:3000' },
  },
  build: {
    outDir: 'dist',
    // Every browser the back-office supports has modulepreload; the polyfill would ride in the
    // entry chunk of every first visit for none of them.
    modulePreload: { polyfill: false },
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Fewer, larger files (decisions 030 and 083). Served over HTTP/1.1 a browser fetches
          // at most six at a time, so a signed-in screen's 30 small chunks (one per icon, one
          // per shared component) took five round trips after the core; with these groups
          // /users loads six files after the core, one round trip.
          groups: [
            {
              // Everything the first screen runs: the libraries and app code the entry imports
              // statically (tag '$initial'), in one file and one compression window.
              name: 'core',
              tags: ['$initial'],
              test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack|react-hot-toast|goober|tailwind-merge|lucide-react)[\\/]|[\\/]apps[\\/]web[\\/]src[\\/]|[\\/]packages[\\/]contracts[\\/]/,
            },
            {
              // Radix and its helpers: the shell's menus and drawer, every dialog and side panel.
              name: 'ui',
              test: /[\\/]node_modules[\\/](@radix-ui|@floating-ui|react-remove-scroll|react-remove-scroll-bar|react-style-singleton|use-callback-ref|use-sidecar|aria-hidden|get-nonce)[\\/]/,
            },
            // The icons the first screen does not draw: about 4 KB for all of them.
            { name: 'icons', test: /[\\/]node_modules[\\/]lucide-react[\\/]/ },
            {
              // The list kit every list screen is built from (its forms stay with their panels).
              name: 'kit',
              test: /[\\/]apps[\\/]web[\\/]src[\\/](components[\\/](list-page|data-table|pagination-bar|filter-controls|page-header|lazy-panel|confirm-dialog|use-list-state|list-paging|use-edit-panel|use-panel-state|list-export-button|unsaved-changes|ui[\\/](card|select|badge))|lib[\\/](format|use-error-toast|download|record-route|use-debounced-value))\.tsx?$/,
            },
            {
              // The contracts' plain values (no zod): a few hundred bytes each, one file for all.
              name: 'values',
              test: /[\\/]packages[\\/]contracts[\\/]src[\\/][^\\/]+-values\.ts$/,
            },
            {
              // What a feature's screens share, its query keys, reads and badges: one file per
              // feature instead of one for each (and the screens' own code stays with them).
              name: (id: string) =>
                /[\\/]features[\\/]([^\\/]+)[\\/]/.exec(id)?.[1]?.concat('-shared') ?? null,
              test: /[\\/]apps[\\/]web[\\/]src[\\/]features[\\/][^\\/]+[\\/](api[\\/](keys|get-[^\\/]+)\.ts|components[\\/][^\\/]+-badge\.tsx)$/,
              minShareCount: 2,
              // Their imports stay where they are (the core, the kit, a contract's chunk): a
              // badge's contract module must not drag zod into every screen of its feature.
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
}));
