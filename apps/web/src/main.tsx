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
const pages = preloadRoute(window.location.pathname);

const root = createRoot(container);
const render = () =>
  root.render(
    <StrictMode>
      <App queryClient={queryClient} />
    </StrictMode>,
  );

// A signed-in user's header lives in its own chunk (the landing page's first bundle leaves it out, ADR
// 0023): the first render waits for it, so the header is whole from the first paint and nothing moves.
// When the server drew the page's frame (ADR 0041), the frame stays until the page's chunks are here too,
// so that the first render replaces it with the page rather than with a loader.
if (storedSessionUser())
  Promise.all([preloadSignedInHeader(), container.firstChild && pages]).then(render, render);
else render();
