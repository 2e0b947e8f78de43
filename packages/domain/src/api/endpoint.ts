/**
 * An endpoint of the API as one object (issue 24; ADR 0031): its method, its path with named params, what
 * it is for, and its schemas — the query, the body and every documented answer by status. The server
 * registers its route from the object; the web calls it with `call(endpoint, input)`, which builds the
 * address from the params and parses the answer with the same schema; web test mocks and the end-to-end
 * tests name it by the object too. A renamed path or a changed schema is one edit the compiler follows.
 *
 * The schemas are loaded on demand (`schemas()`, a dynamic import of the area's contract): the endpoint
 * objects themselves import no zod, so code in the landing page's first bundle can name an endpoint while
 * zod arrives beside the first answer it reads (ADR 0023, ADR 0027).
 */
import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Every address of the API starts here (the server's session, CSRF and header rules key on it). */
// eslint-disable-next-line boundaries/no-api-path-literal -- the one place the API's prefix is written
export const API_PREFIX = '/api/';
/** The API's root without the trailing slash: the path of the cookies only the API reads, the dev proxy's key. */
export const API_ROOT = API_PREFIX.slice(0, -1);
/** The OpenAPI document and its browsable UI (served by the server itself, not an endpoint of the contract). */
export const API_DOCS_PATH = `${API_PREFIX}docs`;

/** The schemas of one endpoint. `responses` lists its answers by status: the 2xx one(s) and documented 4xx shapes. */
export interface EndpointSchemas {
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  readonly responses: Readonly<Partial<Record<number, z.ZodType>>>;
}

/** The names of a path's params: '/api/vendors/:id/orders/:orderId' → 'id' | 'orderId'. */
export type PathParamNames<P extends string> = P extends `${string}:${infer Param}/${infer Rest}`
  ? Param | PathParamNames<`/${Rest}`>
  : P extends `${string}:${infer Param}`
    ? Param
    : never;

export interface Endpoint<
  M extends HttpMethod = HttpMethod,
  P extends string = string,
  S extends EndpointSchemas = EndpointSchemas,
> {
  readonly method: M;
  readonly path: P;
  /** For the OpenAPI document: what the endpoint does, and its group. */
  readonly summary: string;
  readonly tags: readonly string[];
  /** The schemas, loaded once on first use. */
  readonly schemas: () => Promise<S>;
}

/** The widest endpoint, for constraints. */
export type AnyEndpoint = Endpoint<HttpMethod, string, EndpointSchemas>;

export type SchemasOf<E extends AnyEndpoint> = Awaited<ReturnType<E['schemas']>>;

/** The path params a caller fills in (numbers or strings), none when the path has none. */
export type ParamsOf<E extends AnyEndpoint> = Record<PathParamNames<E['path']>, string | number>;

type SchemaAt<S, K extends PropertyKey> = S extends { readonly [key in K]: infer T }
  ? Extract<T, z.ZodType>
  : never;

/** The success statuses an endpoint can answer. */
export type SuccessStatus = 200 | 201 | 202 | 204;

/** The success answer's schema(s) of an endpoint. */
export type SuccessSchemaOf<E extends AnyEndpoint> = Extract<
  {
    [K in keyof SchemasOf<E>['responses']]: K extends SuccessStatus ? SchemasOf<E>['responses'][K] : never;
  }[keyof SchemasOf<E>['responses']],
  z.ZodType
>;

/** What a client gets back (parsed). */
export type AnswerOf<E extends AnyEndpoint> = z.output<SuccessSchemaOf<E>>;
/** What a route hands to the serializer. */
export type ReplyOf<E extends AnyEndpoint> = z.input<SuccessSchemaOf<E>>;
/** What a client sends as the body, and what a route reads after validation. */
export type BodyInputOf<E extends AnyEndpoint> = z.input<SchemaAt<SchemasOf<E>, 'body'>>;
export type BodyOf<E extends AnyEndpoint> = z.output<SchemaAt<SchemasOf<E>, 'body'>>;
export type QueryInputOf<E extends AnyEndpoint> = z.input<SchemaAt<SchemasOf<E>, 'query'>>;
export type QueryOf<E extends AnyEndpoint> = z.output<SchemaAt<SchemasOf<E>, 'query'>>;

/**
 * Declares an endpoint. `schemas` is usually `() => import('./area').then((m) => ({ ... }))`; it is called
 * at most once.
 */
export function endpoint<
  const M extends HttpMethod,
  const P extends string,
  S extends EndpointSchemas,
>(definition: {
  method: M;
  path: P;
  summary: string;
  tags: readonly string[];
  schemas: () => Promise<S>;
}): Endpoint<M, P, S> {
  if (!definition.path.startsWith(API_PREFIX) && definition.path !== API_ROOT)
    throw new Error(`An endpoint's path starts with ${API_PREFIX}: ${definition.path}`);
  let loaded: Promise<S> | null = null;
  return Object.freeze({
    method: definition.method,
    path: definition.path,
    summary: definition.summary,
    tags: definition.tags,
    schemas: () => (loaded ??= definition.schemas()),
  });
}

/** The names of the params in a path, in order. */
export function pathParamNames(path: string): string[] {
  return [...path.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1]!);
}

/** The endpoint's address with its params filled in (each encoded): pathOf(vendorOrder, { id: 7, orderId: 100 }). */
export function pathOf<E extends AnyEndpoint>(
  target: E,
  ...[params]: PathParamNames<E['path']> extends never ? [params?: undefined] : [params: ParamsOf<E>]
): string {
  const values = (params ?? {}) as Record<string, string | number>;
  return target.path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`${target.method} ${target.path}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
}

/** A query string ('' or '?a=1&b=2') from a query object; undefined and null values are left out. */
export function queryString(query: Readonly<Record<string, unknown>> | undefined): string {
  if (!query) return '';
  const pairs: string[] = [];
  const add = (key: string, value: unknown) =>
    pairs.push(`${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`);
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const item of value) add(key, item);
    else add(key, value);
  }
  const text = pairs.join('&');
  return text ? `?${text}` : '';
}

/** "METHOD /path" of one call, as logs and test mocks name it. */
export function routeKey<E extends AnyEndpoint>(
  target: E,
  ...[params]: PathParamNames<E['path']> extends never ? [params?: undefined] : [params: ParamsOf<E>]
): string {
  return `${target.method} ${pathOf(target, params as never)}`;
}

/** Whether an address (path without query) is one of this endpoint's: '/api/vendors/7/orders' is vendorOrders'. */
export function matchesPath(target: AnyEndpoint, pathname: string): boolean {
  const pattern = target.path
    .split(/(:[A-Za-z_][A-Za-z0-9_]*)/)
    .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${pattern}$`).test(pathname);
}

/** What one call of an endpoint sends: the path's params (required when it names some), the query, the body. */
export type EndpointInput<E extends AnyEndpoint> = (PathParamNames<E['path']> extends never
  ? { params?: undefined }
  : { params: ParamsOf<E> }) & {
  query?: QueryInputOf<E>;
  body?: BodyInputOf<E>;
};

/** The address of one call: the path with its params filled in, then the query string. */
export function addressOf<E extends AnyEndpoint>(target: E, input?: EndpointInput<E>): string {
  const path = (pathOf as (e: AnyEndpoint, p?: unknown) => string)(target, input?.params);
  return path + queryString(input?.query as Readonly<Record<string, unknown>> | undefined);
}

export const SUCCESS_STATUSES: readonly SuccessStatus[] = [200, 201, 202, 204];

/**
 * The schema a success answer is read with: the one of the status it came with, or (no status known) the
 * endpoint's first documented success. Undefined when the status is not a documented success.
 */
export function successSchemaOf(schemas: EndpointSchemas, status?: number): z.ZodType | undefined {
  const statuses = status === undefined ? SUCCESS_STATUSES : SUCCESS_STATUSES.filter((s) => s === status);
  return statuses.map((s) => schemas.responses[s]).find((schema) => schema !== undefined);
}
