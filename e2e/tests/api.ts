/**
 * The API as the journeys call it (ADR 0031): by endpoint object, never by a written address. The address
 * is built with pathOf/queryString, the request goes with the endpoint's method, and a success answer is
 * parsed with the endpoint's own schema, so it is typed `AnswerOf<E>` (no casts). A journey that checks a
 * refusal (422, 409…) reads the raw response from `apiFetch` instead.
 */
import { expect, type APIRequestContext, type APIResponse } from '@playwright/test';
import {
  addressOf,
  pathOf,
  SUCCESS_STATUSES,
  successSchemaOf,
  type AnswerOf,
  type AnyEndpoint,
  type EndpointInput,
  type PathParamNames,
} from '@stg/domain/api/endpoint';
import { sessionApi } from '@stg/domain/api/session.endpoints';

export type CallInput<E extends AnyEndpoint> = EndpointInput<E>;

/** The CSRF token a session's writes carry (it comes with GET of the session). */
export async function csrfTokenOf(request: APIRequestContext): Promise<string> {
  return (await request.get(pathOf(sessionApi.current))).headers()['x-csrf-token'] ?? '';
}

/**
 * Sends one call and answers the raw response (for refusals). A write (anything but GET) carries the CSRF
 * token: the one given, or the session's, read first.
 */
export async function apiFetch<E extends AnyEndpoint>(
  request: APIRequestContext,
  target: E,
  input: CallInput<E>,
  csrfToken?: string,
): Promise<APIResponse> {
  const url = addressOf(target, input);
  if (target.method === 'GET') return request.get(url);
  const token = csrfToken ?? (await csrfTokenOf(request));
  return request.fetch(url, {
    method: target.method,
    ...(input.body === undefined ? {} : { data: input.body }),
    headers: { 'X-CSRF-Token': token },
  });
}

/** Checks that the response is the endpoint's success answer and parses it with the endpoint's schema. */
export async function answerOf<E extends AnyEndpoint>(target: E, res: APIResponse): Promise<AnswerOf<E>> {
  const { responses } = await target.schemas();
  const documented = SUCCESS_STATUSES.filter((status) => responses[status] !== undefined);
  const what = `${target.method} ${new URL(res.url()).pathname}`;
  expect(documented as number[], `${what} answered ${res.status()}: ${await res.text()}`).toContain(
    res.status(),
  );
  const schema = successSchemaOf({ responses }, res.status())!;
  // A 204 has no body: its schema reads null.
  const body: unknown = res.status() === 204 ? null : await res.json();
  return schema.parse(body) as AnswerOf<E>;
}

/** GET of an endpoint: its success answer, parsed and typed. */
export async function apiGet<E extends AnyEndpoint & { method: 'GET' }>(
  request: APIRequestContext,
  target: E,
  ...[input]: PathParamNames<E['path']> extends never ? [input?: CallInput<E>] : [input: CallInput<E>]
): Promise<AnswerOf<E>> {
  return answerOf(target, await apiFetch(request, target, (input ?? {}) as CallInput<E>));
}

/** A write to an endpoint (with the session's CSRF token, or the one given): its success answer, parsed and typed. */
export async function apiSend<E extends AnyEndpoint>(
  request: APIRequestContext,
  target: E,
  input: CallInput<E>,
  csrfToken?: string,
): Promise<AnswerOf<E>> {
  return answerOf(target, await apiFetch(request, target, input, csrfToken));
}
