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
          // The libraries every screen starts with travel as one file beside the entry: one
          // request and one compression window instead of a runtime stub and a shared chunk
          // split by accident of import order (decision 019).
          groups: [
            {
              name: 'core',
              test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack|react-hot-toast|goober|tailwind-merge)[\\/]/,
            },
          ],
        },
      },
    },
  },
}));
