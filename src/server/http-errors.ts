// Sends the API's error shape; every error body the server writes goes through here, and only
// with a kind from the shared table (src/shared/api-error.ts).
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import { errorTable, type ApiError, type ErrorCode } from '../shared/api-error.ts';
import { fieldErrors } from '../shared/registration.schema.ts';

/** A kind from `errorTable` (its status may be Fastify's own, for a refusal Fastify chose). */
export interface ServerError {
  code: ErrorCode;
  status: number;
  message: string;
}

/** The API's error body for `kind`, as JSON text: for an answer written on a socket by hand. */
export function errorJson({ code, message }: ServerError): string {
  const body: ApiError = { error: { code, message } };
  return JSON.stringify(body);
}

export function sendError(
  reply: FastifyReply,
  { code, status, message }: ServerError,
  fields?: Record<string, string>,
): FastifyReply {
  const body: ApiError = { error: { code, message, ...(fields ? { fields } : {}) } };
  return reply.code(status).type('application/json; charset=utf-8').send(body);
}

/**
 * A request its route's schema refused (plugins/route-validation.ts): thrown to the error
 * handler, which answers it as `sendError(kind, fields)`; a route that decides in its own order
 * (`attachValidation`) reads it from `request.validationError` and answers it with `sendRefusal`.
 */
export class RequestRefusal extends Error {
  readonly statusCode: number;
  constructor(
    readonly kind: ServerError,
    readonly fields?: Record<string, string>,
  ) {
    super(kind.message);
    this.statusCode = kind.status;
  }
}

export function sendRefusal(reply: FastifyReply, refusal: RequestRefusal): FastifyReply {
  return sendError(reply, refusal.kind, refusal.fields);
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
    void sendError(reply, errorTable.unreadableBody);
    return undefined;
  }
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  void sendError(reply, errorTable.validation, fieldErrors(parsed.error));
  return undefined;
}
