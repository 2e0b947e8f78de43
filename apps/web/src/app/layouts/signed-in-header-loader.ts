import { useEffect, useState } from 'react';
import type { renderSignedInHeader } from './signed-in-header';

type RenderSignedInHeader = typeof renderSignedInHeader;

let loaded: RenderSignedInHeader | undefined;
let loading: Promise<RenderSignedInHeader> | undefined;

/**
 * Starts loading the signed-in header's chunk: before the first render when this tab has a signed-in
 * user (main.tsx), when a visitor points at Sign In or Create Account or opens a modal, and when the
 * session turns out to have a user. A failed download is tried again by the next call.
 */
export function preloadSignedInHeader(): Promise<RenderSignedInHeader> {
  loading ??= import('./signed-in-header').then(
    (module) => module.ready.then((render) => (loaded = render)),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/**
 * What renders the signed-in header once its chunk is here (at once if it already is, so a page change
 * never shows the placeholder again), else undefined while it loads. Loads only when `wanted`.
 */
export function useSignedInHeader(wanted: boolean): RenderSignedInHeader | undefined {
  const [render, setRender] = useState(() => loaded);
  useEffect(() => {
    if (!wanted || render) return;
    let current = true;
    preloadSignedInHeader().then(
      (next) => {
        if (current) setRender(() => next);
      },
      (error: unknown) => console.error(error),
    );
    return () => {
      current = false;
    };
  }, [wanted, render]);
  return render ?? loaded;
}
