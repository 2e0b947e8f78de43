import './lib/zod-config';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadSignedInHeader } from './app/layouts/signed-in-header-loader';
import { preloadRoute } from './app/routes';
import { createQueryClient } from './lib/query-client';
import { storedSessionUser } from './lib/session/session-query';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

// Holds the page's first data (boot data), the session's user included.
const queryClient = createQueryClient();
// A deep link's page chunk downloads alongside the session request, not after it.
preloadRoute(window.location.pathname);

const root = createRoot(container);
const render = () =>
  root.render(
    <StrictMode>
      <App queryClient={queryClient} />
    </StrictMode>,
  );

// A signed-in user's header lives in its own chunk (the landing page's first bundle leaves it out, ADR
// 0023): the first render waits for it, so the header is whole from the first paint and nothing moves.
if (storedSessionUser()) preloadSignedInHeader().then(render, render);
else render();
