// What a route declares about itself, where it is declared (`schema: routeSchema({...})`): the
// zod schemas of what it takes and answers, from src/shared, and the error table's kinds it may
// answer. Fastify validates the body (and params, query, headers) with them
// (plugins/route-validation.ts) and GET /api/openapi.json describes every route from them
// (plugins/openapi.ts, decision 0230). A route registered without one fails openapi.test.ts.
import { z } from 'zod';
import type { ServerError } from './http-errors.ts';

/** An answer that is not JSON: a page, a file, a stream, by media type. */
export interface MediaResponse {
  description: string;
  content: Record<string, { schema: z.ZodType }>;
}

export interface RouteSchema {
  /** One line, in English: what the route does. */
  summary: string;
  description?: string;
  params?: z.ZodType;
  querystring?: z.ZodType;
  headers?: z.ZodType;
  /** A JSON body, validated before the handler runs (its pt-BR messages: the schema's own). */
  body?: z.ZodType;
  /** What the route answers when it does what was asked, by status. */
  response: Record<number, z.ZodType | MediaResponse>;
  /**
   * The error table's kinds the route answers itself (not found, a refused change…). Those every
   * route of its kind answers are added by the document: 401/403 for its audience, the body's
   * 400/413/415, 403 `cross_site` for a change, 429 with a rate limit, 500.
   */
  errors?: readonly ServerError[];
  /** Left out of the document: the built files, and the not-found page's catch-alls only. */
  hide?: boolean;
}

/** Checks the declaration's shape and keeps its zod types for the handler's `request`. */
export function routeSchema<const S extends RouteSchema>(schema: S): S {
  return schema;
}

/** Answered with no body (204, a redirect): `reply.send()` with nothing. */
export function emptyAnswer(description: string) {
  return z.undefined().describe(description);
}

/** A page of the site: HTML, rendered by the server. */
export function htmlAnswer(description: string): MediaResponse {
  return { description, content: { 'text/html': { schema: z.string() } } };
}

/**
 * `:id` of a registration, an account or an edition. Checked before the route's schema by
 * `requireUuid` (registrations/uuid.ts), which answers anything else 404 as an unknown id.
 */
export const idParams = z.object({ id: z.guid() });
