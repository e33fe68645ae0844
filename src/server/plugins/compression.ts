// Compression of the API's large JSON answers (the admin's list of every registration: 10,000
// rows are megabytes). They change with each registration, so they are compressed per request,
// at a Brotli level that costs little CPU. Pages and static files are compressed once instead
// (web/precompressed.ts, the build). A route opts in with `config: { compress: compressJson }`.
// Request bodies are never decompressed: a compressed body is refused as today (intake hardening).
import { constants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export const compressJson = {};

/** For a page made per request (the ticket page): HTML, at a Brotli quality that costs little. */
export const compressPage = {
  customTypes: /^text\/html\b/,
  brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } },
};

async function compression(app: FastifyInstance) {
  await app.register(fastifyCompress, {
    global: false,
    encodings: ['br', 'gzip'],
    // Below this, compressing costs more than it saves.
    threshold: 1024,
    customTypes: /^application\/json\b/,
  });
}

export default fp(compression, { name: 'compression' });
