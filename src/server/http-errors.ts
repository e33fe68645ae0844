// Sends the API's error shape; every error body the server writes goes through here.
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import { apiErrors, type ApiError } from '../shared/api-error.ts';
import { fieldErrors } from '../shared/registration.schema.ts';

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

/**
 * The body parsed by one of the shared schemas, or undefined once the 400 is sent: `bad_request`
 * when there are no fields to point at (null, an array, a bare string or number, no body),
 * `validation` with a pt-BR message per field otherwise.
 */
export function parseFields<T extends z.ZodType>(
  schema: T,
  body: unknown,
  reply: FastifyReply,
): z.output<T> | undefined {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    void sendError(reply, 400, 'bad_request', apiErrors.badJson);
    return undefined;
  }
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  void sendError(reply, 400, 'validation', apiErrors.validation, fieldErrors(parsed.error));
  return undefined;
}
