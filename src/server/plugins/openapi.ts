// GET /api/openapi.json: the API described by its code (decision 0230). @fastify/swagger collects
// every route as it is registered (so this plugin comes before them all) and builds the OpenAPI
// 3.1 document from their schemas (route-schema.ts) the first time it is asked for, never at
// start; it is then compressed once and served to anyone, with an ETag: it holds no one's data.
import { readFileSync } from 'node:fs';
import fastifySwagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { api } from '../../shared/paths.ts';
import { audiences } from '../audience.ts';
import { routeSchema } from '../route-schema.ts';
import { precompress, sendPrecompressed, type Precompressed } from '../web/precompressed.ts';
import { operationTransform, sessionScheme } from './openapi-operations.ts';

const { version } = JSON.parse(
  readFileSync(new URL('../../../package.json', import.meta.url), 'utf8'),
) as { version: string };

const description = [
  'The HTTP API of the registration site: every route, who may call it (`x-audience`: `public`',
  'or the account roles allowed), what it takes and answers, and each error it may answer from',
  'the error table (src/shared/api-error.ts), with its status and its pt-BR message. Errors are',
  'always `{"error": {"code", "message", "fields"?}}`; clients decide on `code`. The rules a',
  "schema cannot say (idempotency keys, the live streams' events, the webhook's signature) are",
  "in the repository's docs/api.md.",
].join(' ');

async function openapi(app: FastifyInstance) {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Inscrições', version, description },
      servers: [{ url: app.config.publicUrl }],
      components: {
        securitySchemes: {
          [sessionScheme]: {
            type: 'apiKey',
            in: 'cookie',
            name: app.sessionCookie.name,
            description: 'Set by POST /api/admin/login (or /api/admin/setup), HttpOnly.',
          },
        },
      },
    },
    transform: operationTransform(),
  });

  let document: Promise<Precompressed> | undefined;
  app.get(
    api.openapi,
    {
      config: { audience: audiences.public },
      schema: routeSchema({
        summary: 'This document: the API, OpenAPI 3.1',
        response: { 200: z.looseObject({ openapi: z.literal('3.1.0') }) },
      }),
    },
    async (request, reply) => {
      document ??= precompress(JSON.stringify(app.swagger()));
      const body = await document;
      reply
        .type('application/json; charset=utf-8')
        .header('cache-control', 'public, no-cache')
        .header('access-control-allow-origin', '*');
      return sendPrecompressed(request, reply, body);
    },
  );
}

export default fp(openapi, { name: 'openapi', dependencies: ['session-cookie'] });
