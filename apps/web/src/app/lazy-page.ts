/**
 * A page in its own chunk (ADR 0023), shared by the app's route table, the operator pages' own table
 * (operator-routes.tsx, itself a lazy chunk) and the dashboard's sections.
 */
import { createElement, lazy, type ComponentProps, type ComponentType, type FunctionComponent } from 'react';

/** A page in its own chunk, loaded on first visit (or earlier with `preload`). */
export type LazyPage<P extends object = object> = FunctionComponent<P> & { preload: () => Promise<unknown> };

/** What a route's `handle` may carry: how to start loading its page's chunk before it renders. */
export interface RouteHandle {
  /** Given the address, so a lazy table of pages can start its page's download too. */
  preload?: (pathname: string) => Promise<unknown>;
}

/**
 * The page exported as `name` by a chunk of its own. Unlike React.lazy, a page whose chunk is already
 * here renders at once, without suspending: the first render of a page the server drew the frame of
 * waits for its chunks (layouts/framed-page-ready.ts), then commits the page itself, not a loader that
 * React's fallback throttle would keep in the frame's place for 300 ms (ADR 0041).
 */
export function lazyPage<
  K extends string,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any page, whatever its props
  M extends Record<K, ComponentType<any>>,
>(load: () => Promise<M>, name: K): LazyPage<ComponentProps<M[K]>> {
  type Props = ComponentProps<M[K]>;
  let loading: Promise<M> | undefined;
  let loaded: M | undefined;
  const loadOnce = () =>
    (loading ??= load().then(
      (module) => (loaded = module),
      (error: unknown) => {
        // A failed download is tried again by the next preload or render.
        loading = undefined;
        throw error;
      },
    ));
  const Lazy = lazy(() => loadOnce().then((module) => ({ default: module[name] as ComponentType<Props> })));
  // Lazy never commits once `loaded` is set (its promise settles after), so no page is mounted twice.
  const Page = (props: Props) => createElement((loaded?.[name] as ComponentType<Props>) ?? Lazy, props);
  return Object.assign(Page, {
    // A failed preload is not an error of its own: the render that needs the page reports it.
    preload: () => loadOnce().catch(() => undefined),
  });
}
