/** A signed-in session for a load generator: the session cookie autocannon sends with every request. */
import { sessionApi } from '@stg/domain/api/session.endpoints';
import { urlOf } from './api';

export async function signInCookie(base: string, email: string, password = 'Password123!'): Promise<string> {
  const first = await fetch(urlOf(base, sessionApi.current, {}));
  const session = first.headers.get('set-cookie')?.split(';')[0] ?? '';
  const csrf = first.headers.get('x-csrf-token') ?? '';
  await first.text();
  const res = await fetch(urlOf(base, sessionApi.signIn, {}), {
    method: sessionApi.signIn.method,
    headers: { cookie: session, 'x-csrf-token': csrf, 'content-type': 'application/json' },
    body: JSON.stringify({ user: { email, password } }),
  });
  if (res.status !== 200) throw new Error(`sign-in of ${email} failed: ${res.status} ${await res.text()}`);
  await res.text();
  return res.headers.get('set-cookie')?.split(';')[0] ?? session;
}
