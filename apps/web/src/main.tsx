import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/providers';
import { router } from './app/router';
import { startTheme } from './lib/theme';
import './index.css';

// zod probes `new Function` to compile faster parsers; the CSP (script-src 'self') refuses it
// and Chrome reports the violation. zod adopts this global as its config when it loads (later,
// with the first screen that needs it); importing its `config()` here would put zod's core in
// the entry chunk.
const zodGlobal = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
Object.assign((zodGlobal.__zod_globalConfig ??= {}), { jitless: true });

// Before the first render: the first screen is drawn in its theme, never flashed light.
startTheme();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// Rendered as a transition, the first screen is built in slices that yield to the browser
// rather than in one long task: with the CPU slowed 4x, /login's blocking time dropped by a
// fifth (decision 019).
startTransition(() => {
  createRoot(container).render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
});
