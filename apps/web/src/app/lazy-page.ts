/**
 * A page in its own chunk (ADR 0023), shared by the app's route table and the operator pages' own table
 * (operator-routes.tsx, itself a lazy chunk).
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** A page in its own chunk, loaded on first visit (or earlier with `preload`). */
export type LazyPage = LazyExoticComponent<ComponentType> & { preload: () => Promise<void> };

/** What a route's `handle` may carry: how to start loading its page's chunk before it renders. */
export interface RouteHandle {
  /** Given the address, so a lazy table of pages can start its page's download too. */
  preload?: (pathname: string) => Promise<void>;
}

export function lazyPage<K extends string, M extends Record<K, ComponentType>>(
  load: () => Promise<M>,
  name: K,
): LazyPage {
  let loading: Promise<M> | undefined;
  const loadOnce = () =>
    (loading ??= load().catch((error: unknown) => {
      // A failed download is tried again by the next preload or render.
      loading = undefined;
      throw error;
    }));
  const page = lazy(async () => ({ default: (await loadOnce())[name] }));
  return Object.assign(page, {
    // A failed preload is not an error of its own: the render that needs the page reports it.
    preload: () =>
      loadOnce().then(
        () => undefined,
        () => undefined,
      ),
  });
}
