// One route of the API's document: its declared schemas (route-schema.ts) as JSON Schema, through
// fastify-type-provider-zod's transform, with what the route's declaration says beyond them: who
// may call it (`x-audience`, the session it needs, a tag) and every error it may answer, from the
// error table, with its status and pt-BR message.
import { STATUS_CODES } from 'node:http';
import type { FastifySchema, RouteOptions } from 'fastify';
import type { SwaggerTransform } from '@fastify/swagger';
import { createJsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accountRoles } from '../../shared/account.ts';
import { errorTable } from '../../shared/api-error.ts';
import type { Audience } from '../audience.ts';
import { errorJson, type ServerError } from '../http-errors.ts';
import type { MediaResponse, RouteSchema } from '../route-schema.ts';

/** The session scheme's name in `components.securitySchemes`. */
export const sessionScheme = 'session';

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

function isPage(response: RouteSchema['response']): boolean {
  return Object.values(response).some(
    (answer) => 'content' in answer && 'text/html' in (answer as MediaResponse).content,
  );
}

/** Grouped as the URLs are: the pages, then the API's areas. */
function tagOf(url: string, schema: RouteSchema): string {
  if (isPage(schema.response)) return 'pages';
  return /^\/api\/(admin|door|webhooks)\//.exec(url)?.[1] ?? 'public';
}

/** The errors a route answers by what it is, not by what its handler does. */
function impliedErrors(
  route: RouteOptions,
  schema: RouteSchema,
  audience: Audience,
): ServerError[] {
  const kinds: ServerError[] = [];
  if (schema.body) {
    kinds.push(
      errorTable.validation,
      errorTable.unreadableBody,
      errorTable.badJson,
      errorTable.bodyTooLarge,
      errorTable.unsupportedMediaType,
    );
  }
  const methods = [route.method].flat();
  if (methods.some((method) => !safeMethods.has(method))) kinds.push(errorTable.crossSite);
  if (audience !== 'public') {
    kinds.push(errorTable.unauthorized);
    if (!accountRoles.every((role) => audience.includes(role))) kinds.push(errorTable.wrongRole);
  }
  if (route.config && 'rateLimit' in route.config) kinds.push(errorTable.rateLimited);
  kinds.push(errorTable.internal);
  return kinds;
}

const unique = <T>(values: T[]): T[] => [...new Set(values)];

/** One status's error answer: the shape every error has, narrowed to this status's kinds. */
function errorAnswer(kinds: ServerError[]) {
  const codes = unique(kinds.map((kind) => kind.code)) as [string, ...string[]];
  const messages = unique(kinds.map((kind) => kind.message)) as [string, ...string[]];
  const lines = unique(kinds.map((kind) => `- \`${kind.code}\`: ${kind.message}`));
  return z
    .object({
      error: z.object({
        code: z.enum(codes),
        message: z.enum(messages),
        fields: z
          .record(z.string(), z.string())
          .optional()
          .describe('Per field, its pt-BR message (what to show beside the field).'),
      }),
    })
    .meta({
      description: lines.join('\n'),
      examples: kinds.map((kind) => JSON.parse(errorJson(kind)) as unknown),
    });
}

function errorAnswers(kinds: readonly ServerError[]): Record<number, z.ZodType> {
  const byStatus = new Map<number, ServerError[]>();
  for (const kind of kinds) byStatus.set(kind.status, [...(byStatus.get(kind.status) ?? []), kind]);
  return Object.fromEntries(
    [...byStatus].sort(([a], [b]) => a - b).map(([status, list]) => [status, errorAnswer(list)]),
  );
}

/** `transform` of @fastify/swagger: a route as the document shows it. */
export function operationTransform(): SwaggerTransform {
  const zodTransform = createJsonSchemaTransform({});
  return (input) => {
    const schema = input.schema as (FastifySchema & Partial<RouteSchema>) | undefined;
    const route = input.route as RouteOptions;
    const audience = route.config?.audience;
    if (!schema?.response || !schema.summary || schema.hide || audience === undefined) {
      return zodTransform(input);
    }
    const declared = schema as RouteSchema;
    const { errors = [], ...rest } = declared;
    const kinds = [...impliedErrors(route, declared, audience), ...errors];
    const result = zodTransform({
      ...input,
      // `x-` keys go into the operation as they are (@fastify/swagger).
      schema: {
        ...rest,
        response: { ...rest.response, ...errorAnswers(kinds) },
        tags: [tagOf(input.url, declared)],
        ...(audience === 'public' ? { security: [] } : { security: [{ [sessionScheme]: [] }] }),
        'x-audience': audience,
      } as FastifySchema,
    });
    // A success answer without its own description is named by its status ('Created').
    const answers = (result.schema as { response: Record<string, { description?: string }> })
      .response;
    for (const [status, answer] of Object.entries(answers)) {
      answer.description ??= STATUS_CODES[status] ?? status;
    }
    return result;
  };
}
