// Turns every failure into the API's error shape in pt-BR: 4xx for the client's mistakes,
// 500 (logged, never detailed to the client) for ours.
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { apiErrors } from '../../shared/api-error.ts';
import { sendError } from '../http-errors.ts';

const byFastifyCode: Record<string, { status: number; code: string; message: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: {
    status: 413,
    code: 'body_too_large',
    message: apiErrors.bodyTooLarge,
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    code: 'unsupported_media_type',
    message: apiErrors.unsupportedMediaType,
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: 'bad_json', message: apiErrors.badJson },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: 'bad_json', message: apiErrors.badJson },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400,
    code: 'bad_request',
    message: apiErrors.badJson,
  },
};

async function errorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const known = error.code ? byFastifyCode[error.code] : undefined;
    if (known) return sendError(reply, known.status, known.code, known.message);
    if (error.statusCode === 429) {
      return sendError(reply, 429, 'rate_limited', apiErrors.rateLimited);
    }
    if (error instanceof SyntaxError || error.statusCode === 400) {
      return sendError(reply, 400, 'bad_request', apiErrors.badJson);
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return sendError(reply, error.statusCode, 'bad_request', apiErrors.badJson);
    }
    request.log.error({ err: error }, 'request failed');
    return sendError(reply, 500, 'internal', apiErrors.internal);
  });
}

export default fp(errorHandler, { name: 'error-handler' });
