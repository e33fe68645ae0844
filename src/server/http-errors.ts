// Sends the API's error shape; every error body the server writes goes through here.
import type { FastifyReply } from 'fastify';
import type { ApiError } from '../shared/api-error.ts';

export function sendError(
  reply: FastifyReply,
  status: number,
  code: string,
  message: string,
  fields?: Record<string, string>,
): FastifyReply {
  const body: ApiError = { error: { code, message, ...(fields ? { fields } : {}) } };
  return reply.code(status).type('application/json; charset=utf-8').send(body);
}
