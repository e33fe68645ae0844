// Door accounts, managed by admins from the panel: list, create (e-mail and password), remove.
// Admin accounts are made and reset from the terminal only (admin.cli.ts).
import type { FastifyInstance } from 'fastify';
import { errorTable } from '../../shared/api-error.ts';
import { doorAccountSchema, newDoorAccountSchema } from '../../shared/door-account.schema.ts';
import { api } from '../../shared/paths.ts';
import { audiences } from '../audience.ts';
import { parseFields, sendError } from '../http-errors.ts';
import { requireUuid } from '../registrations/uuid.ts';
import {
  AccountExistsError,
  createAccount,
  deleteDoorAccount,
  listAccounts,
} from './accounts.repository.ts';

export async function doorAccountsRoutes(app: FastifyInstance) {
  const forAdmins = { config: { audience: audiences.admin } };

  app.get(api.adminAccounts, forAdmins, async () =>
    (await listAccounts(app.db.kysely, 'door')).map((account) => doorAccountSchema.parse(account)),
  );

  app.post(api.adminAccounts, forAdmins, async (request, reply) => {
    const fields = parseFields(newDoorAccountSchema, request.body, reply);
    if (!fields) return reply;
    try {
      const { email, password } = fields;
      const account = await createAccount(app.db.kysely, email, password, 'door');
      return reply.code(201).send(doorAccountSchema.parse(account));
    } catch (error) {
      if (error instanceof AccountExistsError) {
        return sendError(reply, errorTable.accountExists, {
          email: errorTable.accountExists.message,
        });
      }
      throw error;
    }
  });

  app.delete<{ Params: { id: string } }>(
    api.adminAccount,
    { ...forAdmins, onRequest: requireUuid },
    async (request, reply) => {
      const outcome = await deleteDoorAccount(app.db.kysely, request.params.id);
      if (outcome === 'not_found') return sendError(reply, errorTable.notFound);
      if (outcome === 'not_door') {
        return sendError(reply, errorTable.notDoorAccount);
      }
      return reply.code(204).send();
    },
  );
}
