import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { errorsOf } from '../../lib/api-client';
import { useOAuthCallback, type OAuthProvider } from './api/scheduling-admin-api';

export const PROVIDER_NAMES: Record<OAuthProvider, string> = { google: 'Google Calendar', jobber: 'Jobber' };
export const ACCESS_DENIED =
  'Calendar access was not granted, so nothing was connected. You can connect again whenever you like.';
export const BAD_RETURN = 'This calendar connection could not be completed. Please connect again.';

/** The parameters a provider adds when it sends the vendor back. */
const RETURN_PARAMS = ['code', 'state', 'error', 'error_description', 'scope'];

/** `google:…` → google; `jobber:…` → jobber; anything else → null. */
export function providerOfState(state: string | null): OAuthProvider | null {
  const prefix = state?.split(':', 1)[0];
  return prefix === 'google' || prefix === 'jobber' ? prefix : null;
}

export type OAuthReturn =
  | { kind: 'none' }
  | { kind: 'pending'; message: string }
  | { kind: 'done'; message: string }
  | { kind: 'failed'; errors: string[] };

/**
 * The return from Google's or Jobber's consent page (/dashboard/scheduling?code=…&state=…): the code
 * and state are posted to the provider named by the state's prefix, and the parameters then leave the
 * address (replaced, so Back does not post them again). ?error=access_denied says access was refused.
 */
export function useOAuthReturn(): OAuthReturn {
  const [params, setParams] = useSearchParams();
  // Read once: the parameters are removed from the address while the answer is still shown.
  const [initial] = useState(() => ({
    code: params.get('code'),
    state: params.get('state'),
    error: params.get('error'),
  }));
  const callback = useOAuthCallback();
  const { mutate } = callback;
  const handled = useRef(false);
  const provider = providerOfState(initial.state);

  useEffect(() => {
    if (handled.current || (initial.code === null && initial.error === null)) return;
    handled.current = true;
    const clear = () =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const name of RETURN_PARAMS) next.delete(name);
          return next;
        },
        { replace: true },
      );
    if (initial.error === null && initial.code !== null && initial.state !== null && provider !== null) {
      mutate({ provider, code: initial.code, state: initial.state }, { onSettled: clear });
    } else clear();
  }, [initial, provider, mutate, setParams]);

  if (initial.error !== null) {
    return {
      kind: 'failed',
      errors: [
        initial.error === 'access_denied'
          ? ACCESS_DENIED
          : `The calendar provider answered “${initial.error}”, so nothing was connected. Please connect again.`,
      ],
    };
  }
  if (initial.code === null) return { kind: 'none' };
  if (provider === null || initial.state === null) return { kind: 'failed', errors: [BAD_RETURN] };
  const name = PROVIDER_NAMES[provider];
  if (callback.isError) return { kind: 'failed', errors: errorsOf(callback.error) };
  if (callback.isSuccess)
    return { kind: 'done', message: `${name} is connected and your busy times are synced.` };
  return { kind: 'pending', message: `Connecting ${name}…` };
}
