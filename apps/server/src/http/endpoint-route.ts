/**
 * Registers a route from its contract endpoint (issue 24; ADR 0031): the method, the path, the summary and
 * tags, the params, query, body and answer schemas all come from the one object in @stg/domain/api, so the
 * route and every client agree by construction. What only the server knows stays here: who may call it
 * (preValidation), limits (config, bodyLimit) and schema additions for the document (`documentedBody`,
 * extra answers such as 304).
 */
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  RouteHandlerMethod,
  RouteShorthandOptions,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  pathParamNames,
  type AnyEndpoint,
  type BodyOf,
  type PathParamNames,
  type QueryOf,
  type ReplyOf,
} from '@stg/domain/api/endpoint';

type OrUnknown<T> = [T] extends [never] ? unknown : T;

/** The request a route of this endpoint receives: params as strings, query and body as validated. */
export type EndpointRequest<E extends AnyEndpoint> = FastifyRequest<{
  Params: Record<PathParamNames<E['path']>, string>;
  Querystring: OrUnknown<QueryOf<E>>;
  Body: OrUnknown<BodyOf<E>>;
}>;

/** A handler answers the endpoint's success answer, or sends its own reply (another status, a file). */
export type EndpointHandler<E extends AnyEndpoint> = (
  req: EndpointRequest<E>,
  reply: FastifyReply,
) => Promise<OrUnknown<ReplyOf<E>> | FastifyReply>;

export interface EndpointRouteOptions extends Omit<RouteShorthandOptions, 'schema'> {
  /**
   * Added to the schema made from the contract (e.g. documentedBody, hide, a 304 answer); a part set to
   * undefined is left out (`body: undefined` for a route that reads its body itself).
   */
  schema?: FastifySchema;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The contract endpoint the route was registered from, so a test can hold every route to it. */
    endpoint?: AnyEndpoint;
  }
}

export async function routeFrom<E extends AnyEndpoint>(
  app: FastifyInstance,
  endpoint: E,
  options: EndpointRouteOptions,
  handler: EndpointHandler<E>,
): Promise<void> {
  const schemas = await endpoint.schemas();
  const names = pathParamNames(endpoint.path);
  const { schema: extra, ...rest } = options;
  const schema: FastifySchema = {
    tags: [...endpoint.tags],
    summary: endpoint.summary,
    ...(names.length > 0
      ? { params: z.object(Object.fromEntries(names.map((name) => [name, z.string()]))) }
      : {}),
    ...(schemas.query ? { querystring: schemas.query } : {}),
    ...(schemas.body ? { body: schemas.body } : {}),
    ...extra,
    response: { ...schemas.responses, ...(extra?.response as object | undefined) },
  };
  // An addition may take a part away (`body: undefined`: a route that reads its body itself).
  for (const key of Object.keys(schema) as (keyof FastifySchema)[])
    if (schema[key] === undefined) delete schema[key];
  app.withTypeProvider<ZodTypeProvider>().route({
    ...rest,
    method: endpoint.method,
    url: endpoint.path,
    schema,
    config: { ...rest.config, endpoint },
    handler: handler as RouteHandlerMethod,
  });
}

/**
 * The key of the route an endpoint registers, 'METHOD path' with the path's params unfilled
 * ('POST /api/vendors/:id/reviews'): the tables keyed by route (rate limits, error answers) use it.
 */
export function routeKeyOf(endpoint: AnyEndpoint): string {
  return `${endpoint.method} ${endpoint.path}`;
}

/** The contract endpoint a route was registered from, if any (for the contract test). */
export function endpointOfRoute(config: unknown): AnyEndpoint | undefined {
  return (config as { endpoint?: AnyEndpoint } | undefined)?.endpoint;
}
