// Turns every failure into the API's error shape in pt-BR: 4xx for the client's mistakes,
// 500 (logged, never detailed to the client) for ours.
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { errorTable } from '../../shared/api-error.ts';
import type { Config } from '../config.ts';
import {
  errorJson,
  RequestRefusal,
  sendError,
  sendRefusal,
  type ServerError,
} from '../http-errors.ts';
import { routingErrorHeaders } from './security-headers.ts';

const byFastifyCode: Record<string, ServerError> = {
  FST_ERR_CTP_BODY_TOO_LARGE: errorTable.bodyTooLarge,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: errorTable.unsupportedMediaType,
  FST_ERR_CTP_EMPTY_JSON_BODY: errorTable.badJson,
  FST_ERR_CTP_INVALID_JSON_BODY: errorTable.badJson,
  // Raised by plugins/json-body.ts: bytes that are not UTF-8 are not JSON text.
  INVALID_UTF8_BODY: errorTable.unreadableBody,
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: errorTable.badRequest,
};

async function errorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    // A built file's route carries none of the page headers (web-app.ts): its JSON error gets
    // the ones that forbid everything, as a routing error does.
    if (!reply.hasHeader('content-security-policy')) {
      reply.headers(routingErrorHeaders(app.config.secure));
    }
    // Refused by the route's schema (route-validation.ts), in the table's words.
    if (error instanceof RequestRefusal) return sendRefusal(reply, error);
    const known = error.code ? byFastifyCode[error.code] : undefined;
    if (known) return sendError(reply, known);
    if (error.statusCode === 429) {
      return sendError(reply, errorTable.rateLimited);
    }
    // JSON.parse and the prototype-poisoning check throw SyntaxError: the body is not JSON.
    if (error instanceof SyntaxError) {
      return sendError(reply, errorTable.unreadableBody);
    }
    // Any other refusal of the request itself (a Range past the end of a file, say).
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return sendError(reply, { ...errorTable.badRequest, status: error.statusCode });
    }
    request.log.error({ err: error }, 'request failed');
    return sendError(reply, errorTable.internal);
  });
}

export default fp(errorHandler, { name: 'error-handler' });

/**
 * Fastify's `frameworkErrors`: failures found while routing, before any hook runs, so the
 * security headers plugin never sees these requests. A URL whose percent-encoding does not
 * decode (`/convite%ZZ`) gets 400; a path parameter over Fastify's length limit can only be an
 * id that is not a UUID, so it gets the 404 any other such id gets. The headers every response
 * carries are set here by hand (plugins/security-headers.ts).
 */
export function frameworkErrorHandler(config: Pick<Config, 'secure'>) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply): void => {
    reply.headers(routingErrorHeaders(config.secure));
    if (error.code === 'FST_ERR_BAD_URL') {
      void sendError(reply, errorTable.badRequest);
      return;
    }
    if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
      void sendError(reply, errorTable.notFound);
      return;
    }
    request.log.error({ err: error }, 'request failed while routing');
    void sendError(reply, errorTable.internal);
  };
}

/**
 * Fastify's `clientErrorHandler`: a request Node's HTTP parser refused before Fastify saw it (a
 * malformed request line, headers past 16 KB: a parent domain's cookies, say; a request slower
 * to arrive than the server waits). Written on the socket by hand, as Fastify's default does, but
 * in the API's shape and pt-BR, with the headers every answer carries: Fastify's default was an
 * English JSON body with no security header.
 */
export function clientErrorHandler(config: Pick<Config, 'secure'>) {
  return (error: Error & { code?: string }, socket: Socket): void => {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const kind =
      error.code === 'HPE_HEADER_OVERFLOW'
        ? errorTable.headersTooLarge
        : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? errorTable.requestTimeout
          : errorTable.badRequest;
    if (!socket.writable) {
      socket.destroy(error);
      return;
    }
    const body = errorJson(kind);
    const headers = {
      ...routingErrorHeaders(config.secure),
      'content-type': 'application/json; charset=utf-8',
      'content-length': String(Buffer.byteLength(body)),
      connection: 'close',
    };
    const head = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
    const statusLine = `HTTP/1.1 ${kind.status} ${STATUS_CODES[kind.status]}\r\n`;
    // Closed once the answer is out (a destroy right after the write could cut it off).
    socket.end(`${statusLine}${head.join('')}\r\n${body}`, () => socket.destroy());
  };
}
