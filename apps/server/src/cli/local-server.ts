/**
 * The development commands' way to the marketplace running on this machine (PORT): one call by endpoint
 * object (ADR 0031), its answer parsed with the endpoint's schema. A refusal (the route is absent from a
 * production server, or the clock is not settable) is explained in words, not as a stack trace.
 */
import {
  addressOf,
  pathOf,
  successSchemaOf,
  type AnswerOf,
  type AnyEndpoint,
  type BodyInputOf,
} from '@stg/domain/api/endpoint';
import { sessionApi } from '@stg/domain/api/session.endpoints';

export class LocalServerError extends Error {}

export async function callLocalServer<E extends AnyEndpoint>(
  port: number,
  target: E,
  body?: BodyInputOf<E>,
): Promise<AnswerOf<E>> {
  const base = `http://127.0.0.1:${port}`;
  const url = `${base}${addressOf(target)}`;
  let res: Response;
  try {
    // A change is sent as a browser sends it: with a session's cookie and its CSRF token (ADR 0005).
    const headers: Record<string, string> = body === undefined ? {} : { 'content-type': 'application/json' };
    if (target.method !== 'GET') {
      const session = await fetch(`${base}${addressOf(sessionApi.current)}`);
      headers.cookie = session.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
      headers['x-csrf-token'] = session.headers.get('x-csrf-token') ?? '';
    }
    res = await fetch(url, {
      method: target.method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new LocalServerError(
      `No marketplace answers at http://127.0.0.1:${port} (start it with npm run dev).`,
    );
  }
  if (res.status === 404)
    throw new LocalServerError(
      `The marketplace at port ${port} does not offer ${target.method} ${pathOf(target as never)}: it runs in production mode (npm start) or without SETTABLE_CLOCK. Use a development server: npm run dev.`,
    );
  if (!res.ok)
    throw new LocalServerError(`${target.method} ${url} answered ${res.status}: ${await res.text()}`);
  const schema = successSchemaOf(await target.schemas(), res.status);
  const json: unknown = await res.json();
  return (schema ? schema.parse(json) : json) as AnswerOf<E>;
}
