/**
 * The API as the benchmarks call it (ADR 0031): by endpoint object, never by a written address. `urlOf`
 * builds an address once (the load generator keeps such strings, made at start-up); `apiClient` is one
 * customer's session (cookie and CSRF token kept, as the server's test client does) whose calls answer
 * the success answer typed `AnswerOf<E>`, parsed with the endpoint's schema unless `parse: false` (a call
 * being timed, where the client's parsing would be counted as the server's time).
 */
import {
  addressOf,
  successSchemaOf,
  type AnswerOf,
  type AnyEndpoint,
  type EndpointInput,
} from '@stg/domain/api/endpoint';
import { sessionClient } from './http';

export { addressOf };
export type CallInput<E extends AnyEndpoint> = EndpointInput<E>;

/** The whole URL of one call on a server. */
export function urlOf<E extends AnyEndpoint>(base: string, target: E, input: CallInput<E>): string {
  return `${base}${addressOf(target, input)}`;
}

/**
 * A client with its own session that fails loudly on any answer but the endpoint's success. `base` is one
 * server, or a function naming the server of each request (roundRobin in ./http: several instances).
 */
export function apiClient(base: string | (() => string)) {
  const send = sessionClient(base);
  return async function call<E extends AnyEndpoint>(
    target: E,
    input: CallInput<E>,
    options: { parse?: boolean } = {},
  ): Promise<AnswerOf<E>> {
    const url = addressOf(target, input);
    const res = await send(target.method, url, input.body);
    const schema = successSchemaOf(await target.schemas(), res.status);
    if (!schema) throw new Error(`${target.method} ${url}: ${res.status} ${JSON.stringify(res.json)}`);
    if (options.parse === false) return res.json as AnswerOf<E>;
    return schema.parse(res.json) as AnswerOf<E>;
  };
}
