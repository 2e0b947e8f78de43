/**
 * The authorization matrix's vocabulary and its runner: for one entry, every actor's request and the
 * answer expected, the CSRF variants as the owner, and proof that a refused request changed nothing.
 */
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { type TestClient } from '../test-app';
import { changedTables, fingerprint } from './fingerprint';
import type { Fixtures } from './fixtures';

/** Who may call. `none` sends no cookie at all; `guest` has a session without a user. */
export type Actor =
  'guest' | 'none' | 'customerA' | 'customerB' | 'vendorV' | 'vendorW' | 'vendorP' | 'operator';

/** The actors every checked entry must name (besides its owner): spec §6's roles. */
export const REQUIRED_ACTORS: Actor[] = ['guest', 'none', 'customerB', 'vendorW', 'operator'];

/**
 * A refusal's status(es); or a route that acts only on the caller's own account or session, so the
 * actor's answer is not a refusal (`leaks`: strings of the owner's that must not be in its answer,
 * when it is run).
 */
export type Expectation =
  number | number[] | { self: string; run?: boolean; leaks?: (t: Target) => string[] };

export interface Target {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  payload?: Record<string, unknown>;
  headers?: Record<string, string>;
  /** The owner's client, when it is not one of the fixtures' (a fresh guest, a disposable customer). */
  owner?: TestClient;
  /** Anything the entry wants to keep (ids, confirmation ids for leak checks). */
  data?: Record<string, string | number>;
}

/** Another request for one actor, beside the entry's own (e.g. the other vendor naming its own vendor). */
export interface ExtraCheck {
  label: string;
  as: Actor;
  request: (t: Target, fx: Fixtures) => Target;
  expect: Expectation;
}

export type Entry =
  | { kind: 'public'; reason: string }
  | { kind: 'protected'; by: string; check?: (fx: Fixtures) => Promise<string[]> }
  | {
      kind: 'checked';
      /** Whose resource it is; 'fresh' when prepare hands its own owner client. */
      owner: Actor | 'fresh';
      /** What the route is about (for the reader). */
      what: string;
      prepare: (fx: Fixtures) => Promise<Target>;
      expect: Partial<Record<Actor, Expectation>>;
      extra?: ExtraCheck[];
      /** The owner's answer (default any 2xx). */
      ownerStatus?: number;
    };

export const counts = { routeActorChecks: 0, csrfChecks: 0, protectedChecks: 0, selfNotRun: 0 };

export function clientOf(fx: Fixtures, actor: Actor): TestClient | null {
  switch (actor) {
    case 'guest':
      return fx.guest;
    case 'none':
      return null;
    case 'customerA':
      return fx.A.client;
    case 'customerB':
      return fx.B.client;
    case 'vendorV':
      return fx.V.client;
    case 'vendorW':
      return fx.W.client;
    case 'vendorP':
      return fx.P.client;
    case 'operator':
      return fx.operator.client;
  }
}

function injectOptions(t: Target): InjectOptions {
  return { method: t.method, url: t.url, payload: t.payload, headers: t.headers };
}

/** The request as the actor sends it: its cookie and CSRF token; `none` sends neither. */
async function send(fx: Fixtures, actor: Actor, t: Target): Promise<LightMyRequestResponse> {
  const client = clientOf(fx, actor);
  if (!client) return fx.app.inject(injectOptions(t));
  const cookieBefore = client.cookie;
  const res = await client.request(injectOptions(t));
  if (client.cookie !== cookieBefore) {
    // A refused request must not end or swap the actor's session (and later rows need it).
    client.cookie = cookieBefore;
    throw new Error(`${actor}'s session cookie changed on ${t.method} ${t.url}`);
  }
  return res;
}

const statuses = (e: number | number[]) => (Array.isArray(e) ? e : [e]);

/** The actors' checks of one entry; answers the failures (empty when all held). */
export async function runChecked(
  fx: Fixtures,
  key: string,
  entry: Extract<Entry, { kind: 'checked' }>,
  opts: { csrf: boolean },
): Promise<string[]> {
  const failures: string[] = [];
  for (const actor of REQUIRED_ACTORS)
    if (actor !== entry.owner && entry.expect[actor] === undefined)
      failures.push(`${key}: no expectation for ${actor}`);
  const t = await entry.prepare(fx);
  const owner = t.owner ?? (entry.owner === 'fresh' ? null : clientOf(fx, entry.owner));
  if (!owner) return [...failures, `${key}: no owner client`];
  const tables = fx.tables;
  const baseline = await fingerprint(fx.app, tables);

  const refused = async (label: string, res: LightMyRequestResponse, allowed: number[]) => {
    if (!allowed.includes(res.statusCode))
      failures.push(
        `${key} ${label}: ${res.statusCode} (expected ${allowed.join('/')}) ${res.body.slice(0, 200)}`,
      );
    const changed = changedTables(baseline, await fingerprint(fx.app, tables));
    if (changed.length > 0) failures.push(`${key} ${label}: refused but changed ${changed.join(', ')}`);
  };

  const checkActor = async (label: string, actor: Actor, target: Target, e: Expectation) => {
    if (typeof e === 'object' && !Array.isArray(e)) {
      if (!e.run) {
        counts.selfNotRun += 1;
        return;
      }
      counts.routeActorChecks += 1;
      const res = await send(fx, actor, target);
      if (res.statusCode >= 300) failures.push(`${key} ${label}: ${res.statusCode} for its own (${e.self})`);
      for (const s of e.leaks?.(t) ?? [])
        if (res.body.includes(s)) failures.push(`${key} ${label}: answer contains the owner's ${s}`);
      return;
    }
    counts.routeActorChecks += 1;
    await refused(label, await send(fx, actor, target), statuses(e));
  };

  for (const [actor, e] of Object.entries(entry.expect) as [Actor, Expectation][])
    await checkActor(actor, actor, t, e);
  for (const x of entry.extra ?? [])
    await checkActor(`${x.as} (${x.label})`, x.as, x.request(t, fx), x.expect);

  if (opts.csrf) {
    for (const variant of csrfVariants(fx, owner, t)) {
      counts.csrfChecks += 1;
      const res = await fx.app.inject(await variant.request());
      await refused(`CSRF ${variant.label}`, res, [403, 415]);
    }
  }

  counts.routeActorChecks += 1;
  // For a write, the owner's request is the forgeries' own control: the same cookie, body and content
  // type, with the session's token in the header.
  const res = opts.csrf
    ? await fx.app.inject(asOwner(owner, t, { 'x-csrf-token': owner.csrf! }))
    : await owner.request(injectOptions(t));
  const ok = entry.ownerStatus
    ? res.statusCode === entry.ownerStatus
    : res.statusCode >= 200 && res.statusCode < 300;
  if (!ok) failures.push(`${key} owner: ${res.statusCode} ${res.body.slice(0, 300)}`);
  await fx.app.deps.background.drain();
  return failures;
}

/**
 * A cross-site page can make the browser send the owner's cookie, but not read the token nor set a
 * header; and a leaked token of another session must not do either.
 */
/** The owner's JSON request with its cookie and the given headers. */
function asOwner(owner: TestClient, t: Target, headers: Record<string, string>): InjectOptions {
  return {
    method: t.method,
    url: t.url,
    payload: JSON.stringify(t.payload ?? {}),
    headers: { ...t.headers, 'content-type': 'application/json', cookie: owner.cookie!, ...headers },
  };
}

function csrfVariants(fx: Fixtures, owner: TestClient, t: Target) {
  const cookie = owner.cookie!;
  const token = owner.csrf!;
  const json = JSON.stringify(t.payload ?? {});
  const base = { method: t.method, url: t.url };
  const withHeaders = (headers: Record<string, string>) => asOwner(owner, t, headers);
  const sep = t.url.includes('?') ? '&' : '?';
  const formFields = new URLSearchParams({
    authenticity_token: token,
    _csrf: token,
    'x-csrf-token': token,
    csrf_token: token,
    payload: json,
  }).toString();
  return [
    { label: 'no token', request: async () => withHeaders({}) },
    { label: 'empty token', request: async () => withHeaders({ 'x-csrf-token': '' }) },
    {
      label: 'wrong token',
      request: async () => withHeaders({ 'x-csrf-token': `${token.slice(0, -4)}AAAA` }),
    },
    {
      label: "another session's token",
      request: async () => withHeaders({ 'x-csrf-token': fx.B.client.csrf! }),
    },
    {
      label: "a guest session's token",
      request: async () => withHeaders({ 'x-csrf-token': fx.guest.csrf! }),
    },
    {
      label: 'token under another header name',
      request: async () => withHeaders({ 'x-xsrf-token': token, 'csrf-token': token }),
    },
    {
      label: 'token in the query string',
      request: async () => ({
        ...withHeaders({}),
        url: `${t.url}${sep}authenticity_token=${encodeURIComponent(token)}&_csrf=${encodeURIComponent(token)}&x-csrf-token=${encodeURIComponent(token)}`,
      }),
    },
    {
      label: 'form-encoded body with the token',
      request: async () => ({
        ...base,
        payload: formFields,
        headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      }),
    },
    {
      label: 'text/plain body',
      request: async () => ({ ...base, payload: json, headers: { cookie, 'content-type': 'text/plain' } }),
    },
    {
      label: 'multipart body with the token',
      request: async () => {
        const form = new FormData();
        form.append('authenticity_token', token);
        form.append('x-csrf-token', token);
        form.append('payload', json);
        const request = new Request('http://localhost/', { method: 'POST', body: form });
        return {
          ...base,
          payload: Buffer.from(await request.arrayBuffer()),
          headers: { cookie, 'content-type': request.headers.get('content-type')! },
        };
      },
    },
  ];
}
