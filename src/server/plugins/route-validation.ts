// Fastify checks what arrives against the zod schemas a route declares (route-schema.ts) before
// its handler runs, and answers a refusal in the error table's words (decision 0230): a body that
// is no JSON object is `bad_request`, one the schema refuses is `validation` with each field's
// pt-BR message; a path, query or header the schema refuses is `bad_request`. The handler gets
// what the schema made of it (trimmed, a phone in E.164). Answers are written as JSON.stringify
// writes them: the response schemas describe, they do not filter.
import type { FastifyInstance, FastifySchemaCompiler } from 'fastify';
import fp from 'fastify-plugin';
import type { z } from 'zod';
import { errorTable } from '../../shared/api-error.ts';
import { fieldErrors } from '../../shared/registration.schema.ts';
import { RequestRefusal } from '../http-errors.ts';

type Checked = { value: unknown } | { error: RequestRefusal };

/** A JSON body checked as the API always checked one. */
export function checkBody(schema: z.ZodType, body: unknown): Checked {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { error: new RequestRefusal(errorTable.unreadableBody) };
  }
  const parsed = schema.safeParse(body);
  if (parsed.success) return { value: parsed.data };
  return { error: new RequestRefusal(errorTable.validation, fieldErrors(parsed.error)) };
}

const validatorCompiler: FastifySchemaCompiler<z.ZodType> = ({ schema, httpPart }) => {
  if (httpPart === 'body') return (data) => checkBody(schema, data);
  return (data) => {
    const parsed = schema.safeParse(data);
    if (!parsed.success) return { error: new RequestRefusal(errorTable.badRequest) };
    // Headers stay as they came: a schema names only some, and the rest are still needed.
    return httpPart === 'headers' ? { value: undefined } : { value: parsed.data };
  };
};

/**
 * The same checks, with the body's schema chosen per request: for a route whose body depends on
 * the settings of the moment (a phone read in the event's phone country, issue 33.3). The route
 * still declares its schema for the documentation.
 */
export function bodyCheckedWith<S>(schemaNow: () => z.ZodType): FastifySchemaCompiler<S> {
  // Fastify hands each part its own zod schema, whatever the route's declaration type says.
  const compile = validatorCompiler as unknown as FastifySchemaCompiler<S>;
  return (route) =>
    route.httpPart === 'body' ? (data) => checkBody(schemaNow(), data) : compile(route);
}

async function routeValidation(app: FastifyInstance) {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
}

export default fp(routeValidation, { name: 'route-validation' });
