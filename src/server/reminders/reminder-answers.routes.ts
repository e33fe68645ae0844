// 'Resultados' asks what people answered the reminders (issue 35.5). Admins only.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { api } from '../../shared/paths.ts';
import { reminderAnswersSchema } from '../../shared/reminder-answers.schema.ts';
import { audiences } from '../audience.ts';
import { routeSchema } from '../route-schema.ts';
import { reminderAnswers } from './reminder-answers.repository.ts';

export async function reminderAnswersRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    api.adminReminderAnswers,
    {
      config: { audience: audiences.admin },
      schema: routeSchema({
        summary: "What people answered the reminders, in an edition (the current one's by default)",
        querystring: z.object({
          edition: z.string().max(64).optional().describe("An edition's id."),
        }),
        response: { 200: reminderAnswersSchema },
      }),
    },
    async (request) =>
      reminderAnswers(app.db.kysely, request.query.edition ?? app.editions.current().id),
  );
}
