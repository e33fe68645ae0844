// Request bodies are JSON and nothing else (415 for any other type), decoded as strict UTF-8:
// Fastify's own parser would turn invalid bytes into U+FFFD and we would store a mangled name.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

type JsonParser = (
  request: FastifyRequest,
  body: string,
  done: (error: Error | null, value?: unknown) => void,
) => void;

/** Invalid UTF-8 is not JSON: the error handler answers it as bad JSON (400). */
class InvalidUtf8Error extends Error {
  readonly statusCode = 400;
  readonly code = 'INVALID_UTF8_BODY';
  constructor() {
    super('request body is not valid UTF-8');
  }
}

async function jsonBody(app: FastifyInstance) {
  // Fastify's parser, with its protection against __proto__ and constructor poisoning.
  const parseJson = app.getDefaultJsonParser('error', 'error') as JsonParser;
  const utf8 = new TextDecoder('utf-8', { fatal: true });

  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    let text: string;
    try {
      text = utf8.decode(body as Buffer);
    } catch {
      done(new InvalidUtf8Error(), undefined);
      return;
    }
    parseJson(request, text, done);
  });
}

export default fp(jsonBody, { name: 'json-body' });
