import type { ReactNode } from 'react';
import { act } from '@testing-library/react';
import {
  UNSAFE_createMemoryHistory,
  unstable_HistoryRouter as HistoryRouter,
  type HistoryRouterProps,
  type Location,
  type NavigationType,
  type To,
} from 'react-router';

type History = HistoryRouterProps['history'];

/** What a test sees of its router: the location, how it was reached, and a way to navigate. */
export interface RouterState {
  location: Location;
  historyAction: `${NavigationType}`;
}

export interface TestRouter {
  readonly state: RouterState;
  /** Navigates as a link would (push, or replace), or back and forward by a number, inside act. */
  navigate(to: To | number, options?: { replace?: boolean; state?: unknown }): Promise<void>;
  /** Called on every change of location, redirects included, as it happens. */
  subscribe(listener: (state: RouterState) => void): () => void;
}

/**
 * An in-memory history for tests of the app in React Router's declarative mode (ADR 0023), with the
 * parts of the data router's API the tests used: `state`, `navigate` and `subscribe`. Render its
 * `Router` around the routes.
 */
export function createTestRouter(initialEntries: string[] = ['/']) {
  const memory = UNSAFE_createMemoryHistory({ initialEntries, v5Compat: true });
  // The memory history takes one listener; the router and the tests each want one.
  const listeners = new Set<Parameters<History['listen']>[0]>();
  memory.listen((update) => {
    for (const listener of listeners) listener(update);
  });
  const history: History = {
    get action() {
      return memory.action;
    },
    get location() {
      return memory.location;
    },
    createHref: (to) => memory.createHref(to),
    createURL: (to) => memory.createURL(to),
    encodeLocation: (to) => memory.encodeLocation(to),
    push: (to, state) => memory.push(to, state),
    replace: (to, state) => memory.replace(to, state),
    go: (delta) => memory.go(delta),
    listen: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  const router: TestRouter = {
    get state() {
      return { location: memory.location, historyAction: memory.action };
    },
    navigate: async (to, options) => {
      await act(async () => {
        if (typeof to === 'number') memory.go(to);
        else if (options?.replace) memory.replace(to, options.state);
        else memory.push(to, options?.state);
      });
    },
    subscribe: (listener) => {
      const onChange = () => listener(router.state);
      listeners.add(onChange);
      return () => listeners.delete(onChange);
    },
  };
  function Router({ children }: { children: ReactNode }) {
    return <HistoryRouter history={history}>{children}</HistoryRouter>;
  }
  return { router, Router };
}
