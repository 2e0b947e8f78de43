/**
 * The API as the benchmarks call it (ADR 0031): by endpoint object, never by a written address. `urlOf`
 * builds an address once (the load generator keeps such strings, made at start-up); `apiClient` is one
 * customer's session (cookie and CSRF token kept, as the server's test client does) whose calls answer
 * the success answer typed `AnswerOf<E>`, parsed with the endpoint's schema unless `parse: false` (a call
 * being timed, where the client's parsing would be counted as the server's time).
 */
import {
  pathOf,
  queryString,
  type AnswerOf,
  type AnyEndpoint,
  type BodyInputOf,
  type ParamsOf,
  type PathParamNames,
  type SuccessStatus,
} from '@stg/domain/api/endpoint';
import type { z } from 'zod';
import { httpClient } from '../../apps/server/test/server-process';

type ParamsInput<E extends AnyEndpoint> =
  PathParamNames<E['path']> extends never ? { params?: undefined } : { params: ParamsOf<E> };

export type CallInput<E extends AnyEndpoint> = ParamsInput<E> & {
  query?: Readonly<Record<string, string | number | boolean | null | undefined>>;
  body?: BodyInputOf<E>;
};

/** The path and query of one call: pathOf(endpoint, params) + queryString(query). */
export function addressOf<E extends AnyEndpoint>(target: E, input: CallInput<E>): string {
  const path = (pathOf as (e: AnyEndpoint, p?: unknown) => string)(target, input.params);
  return `${path}${queryString(input.query)}`;
}

/** The whole URL of one call on a server. */
export function urlOf<E extends AnyEndpoint>(base: string, target: E, input: CallInput<E>): string {
  return `${base}${addressOf(target, input)}`;
}

const SUCCESS: readonly SuccessStatus[] = [200, 201, 202, 204];

/** A client with its own session that fails loudly on any answer but the endpoint's success. */
export function apiClient(base: string) {
  const send = httpClient(base);
  return async function call<E extends AnyEndpoint>(
    target: E,
    input: CallInput<E>,
    options: { parse?: boolean } = {},
  ): Promise<AnswerOf<E>> {
    const url = addressOf(target, input);
    const res = await send(target.method, url, input.body);
    const { responses } = await target.schemas();
    if (!SUCCESS.some((status) => status === res.status && responses[status] !== undefined))
      throw new Error(`${target.method} ${url}: ${res.status} ${JSON.stringify(res.json)}`);
    if (options.parse === false) return res.json as AnswerOf<E>;
    return (responses[res.status] as z.ZodType).parse(res.json) as AnswerOf<E>;
  };
}
