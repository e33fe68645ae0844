// The first start's event screen, on the server's side (decision 0227): whether it is still owed,
// and 'Pular'. Saving it is the event's own PUT /api/admin/event, which finishes the step too.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { firstStartSchema, type FirstStart } from '../../shared/first-start.schema.ts';
import { api } from '../../shared/paths.ts';
import { audiences } from '../audience.ts';
import { routeSchema } from '../route-schema.ts';
import { eventStepPending, finishEventStep } from './first-start.repository.ts';

export async function firstStartRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const forAdmins = { config: { audience: audiences.admin } };

  app.get(
    api.adminFirstStart,
    {
      ...forAdmins,
      schema: routeSchema({
        summary: "Whether the first start's event screen is still owed",
        description:
          'True from the first admin made through the setup link until the event is saved ' +
          '(`PUT /api/admin/event`) or the screen skipped.',
        response: { 200: firstStartSchema },
      }),
    },
    async (): Promise<FirstStart> => ({ pending: await eventStepPending(app.db.kysely) }),
  );

  app.post(
    api.adminFirstStartSkip,
    {
      ...forAdmins,
      schema: routeSchema({
        summary: "Skip the first start's event screen ('Pular'): the settings stay as they are",
        response: { 200: firstStartSchema },
      }),
    },
    async (): Promise<FirstStart> => {
      await finishEventStep(app.db.kysely, 'skipped');
      return { pending: false };
    },
  );
}
