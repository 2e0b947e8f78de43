import { useEffect } from 'react';
import { UNEXPECTED_ERROR } from '../lib/api-client';

/** Shown instead of a page that failed to render: the spec's generic message and a way home. */
export function RouteErrorPage({ error }: { error: unknown }) {
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <main className="container page page--narrow" id="main">
      <h1>Something went wrong</h1>
      <p role="alert">{UNEXPECTED_ERROR}. Please try again.</p>
      <a className="button button--primary" href="/">
        Back to Home
      </a>
    </main>
  );
}
