// GET /api/admin/registrations/:id/audit: who did what to one registration (admins only).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorTable } from '../../shared/api-error.ts';
import { auditEntrySchema } from '../../shared/audit.schema.ts';
import { api } from '../../shared/paths.ts';
import { audiences } from '../audience.ts';
import { sendError } from '../http-errors.ts';
import { requireUuid } from '../registrations/uuid.ts';
import { idParams, routeSchema } from '../route-schema.ts';
import { auditTrail } from './audit.repository.ts';

export async function auditRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    api.adminAudit,
    {
      config: { audience: audiences.admin },
      onRequest: requireUuid,
      schema: routeSchema({
        summary: 'Who did what to a registration, oldest first',
        params: idParams,
        response: { 200: z.array(auditEntrySchema) },
        errors: [errorTable.notFound],
      }),
    },
    async (request, reply) => {
      const entries = await auditTrail(app.db.kysely, request.params.id);
      return entries ?? sendError(reply, errorTable.notFound);
    },
  );
}
