/**
 * A page in its own chunk (ADR 0023), shared by the app's route table, the operator pages' own table
 * (operator-routes.tsx, itself a lazy chunk) and the dashboard's sections.
 */
import { createElement, lazy, type ComponentType, type FunctionComponent } from 'react';

/** A page in its own chunk, loaded on first visit (or earlier with `preload`). */
export type LazyPage<P extends object = object> = FunctionComponent<P> & { preload: () => Promise<void> };

/** What a route's `handle` may carry: how to start loading its page's chunk before it renders. */
export interface RouteHandle {
  /** Given the address, so a lazy table of pages can start its page's download too. */
  preload?: (pathname: string) => Promise<unknown>;
}

/**
 * A component in a chunk of its own. Unlike React.lazy, one whose chunk is already here renders at once,
 * without suspending: the first render after the page's chunks were preloaded (main.tsx, when the server
 * drew the page's frame) commits the page itself, not a loader that React's fallback throttle would keep
 * on screen for 300 ms in place of the frame (ADR 0041).
 */
export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>): LazyPage<P> {
  let loading: Promise<ComponentType<P>> | undefined;
  let loaded: ComponentType<P> | undefined;
  const loadOnce = () =>
    (loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        // A failed download is tried again by the next preload or render.
        loading = undefined;
        throw error;
      },
    ));
  const Lazy = lazy(() => loadOnce().then((component) => ({ default: component })));
  // Lazy never commits once `loaded` is set (its promise settles after), so no page is mounted twice.
  const Page = (props: P) => createElement(loaded ?? Lazy, props);
  return Object.assign(Page, {
    // A failed preload is not an error of its own: the render that needs the page reports it.
    preload: () =>
      loadOnce().then(
        () => undefined,
        () => undefined,
      ),
  });
}

/** A page (without props) exported as `name` by a chunk of its own. */
export function lazyPage<K extends string, M extends Record<K, ComponentType>>(
  load: () => Promise<M>,
  name: K,
): LazyPage {
  return lazyComponent(() => load().then((module) => module[name]));
}
