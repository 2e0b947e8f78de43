/**
 * The OpenAPI document's transform: fastify-type-provider-zod's, plus request bodies a route reads itself
 * (ADR 0028). A route whose body Fastify must not parse or validate for it (PATCH /api/vendors/{id} takes
 * JSON or multipart/form-data and reads each itself) names its bodies by media type in
 * `schema.documentedBody`; the document shows them as the operation's requestBody.
 */
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';

declare module 'fastify' {
  interface FastifySchema {
    /** Request bodies by media type, for the document only (the route parses its body itself). */
    documentedBody?: Readonly<Record<string, z.ZodType>>;
  }
}

export const openApiTransform: typeof jsonSchemaTransform = (document) => {
  const transformed = jsonSchemaTransform(document);
  const bodies = (document.schema as { documentedBody?: Record<string, z.ZodType> } | undefined)
    ?.documentedBody;
  if (!bodies) return transformed;
  const { documentedBody: _documentOnly, ...schema } = (transformed.schema ?? {}) as Record<string, unknown>;
  if (schema.hide) return { ...transformed, schema };
  const content = Object.fromEntries(
    Object.entries(bodies).map(([mediaType, body]) => [
      mediaType,
      { schema: z.toJSONSchema(body, { io: 'input', target: 'openapi-3.0', unrepresentable: 'any' }) },
    ]),
  );
  return { ...transformed, schema: { ...schema, body: { content } } };
};
