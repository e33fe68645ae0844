// GET /api/admin/registrations/:id/audit: who did what to one registration (admins only).
import type { FastifyInstance } from 'fastify';
import { errorTable } from '../../shared/api-error.ts';
import { api } from '../../shared/paths.ts';
import { audiences } from '../audience.ts';
import { sendError } from '../http-errors.ts';
import { requireUuid } from '../registrations/uuid.ts';
import { auditTrail } from './audit.repository.ts';

export async function auditRoutes(app: FastifyInstance) {
  app.get<{ Params: { id: string } }>(
    api.adminAudit,
    { config: { audience: audiences.admin }, onRequest: requireUuid },
    async (request, reply) => {
      const entries = await auditTrail(app.db.kysely, request.params.id);
      return entries ?? sendError(reply, errorTable.notFound);
    },
  );
}
