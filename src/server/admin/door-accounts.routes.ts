// Door accounts, managed by admins from the panel: list, create (e-mail and password), remove.
// Admin accounts are made and reset from the terminal only (admin.cli.ts).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorTable } from '../../shared/api-error.ts';
import { doorAccountSchema, newDoorAccountSchema } from '../../shared/door-account.schema.ts';
import { api } from '../../shared/paths.ts';
import { audiences } from '../audience.ts';
import { sendError } from '../http-errors.ts';
import { requireUuid } from '../registrations/uuid.ts';
import { emptyAnswer, idParams, routeSchema } from '../route-schema.ts';
import {
  AccountExistsError,
  createAccount,
  deleteDoorAccount,
  listAccounts,
} from './accounts.repository.ts';

export async function doorAccountsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const forAdmins = { config: { audience: audiences.admin } };

  app.get(
    api.adminAccounts,
    {
      ...forAdmins,
      schema: routeSchema({
        summary: 'The door accounts',
        response: { 200: z.array(doorAccountSchema) },
      }),
    },
    async () =>
      (await listAccounts(app.db.kysely, 'door')).map((account) =>
        doorAccountSchema.parse(account),
      ),
  );

  app.post(
    api.adminAccounts,
    {
      ...forAdmins,
      schema: routeSchema({
        summary: 'Create a door account',
        body: newDoorAccountSchema,
        response: { 201: doorAccountSchema },
        errors: [errorTable.accountExists],
      }),
    },
    async (request, reply) => {
      try {
        const { email, password } = request.body;
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
    },
  );

  app.delete(
    api.adminAccount,
    {
      ...forAdmins,
      onRequest: requireUuid,
      schema: routeSchema({
        summary: 'Remove a door account (its sessions end on every instance)',
        params: idParams,
        response: { 204: emptyAnswer('Removed.') },
        errors: [errorTable.notFound, errorTable.notDoorAccount],
      }),
    },
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
