// The event's settings and its editions, for admins: GET/PUT /api/admin/event (the current
// edition's settings: what GET serves, PUT takes back as it is), GET/POST /api/admin/editions,
// and a past edition's registrations (read-only) and settings history. Every change is answered
// once this instance has applied it (its pages rendered again); the others follow by NOTIFY.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorTable } from '../../shared/api-error.ts';
import { editionSchema, eventChangeSchema, newEditionSchema } from '../../shared/edition.schema.ts';
import { eventSettingsSchema } from '../../shared/event-settings.schema.ts';
import { eventFieldMessages } from '../../shared/event-fields.ts';
import { api } from '../../shared/paths.ts';
import { ifMatchAllows, settingsEtag } from '../../shared/settings-version.ts';
import { registrationSchema } from '../../shared/registration.schema.ts';
import { finishEventStep } from '../admin/first-start.repository.ts';
import { audiences } from '../audience.ts';
import { actorOf } from '../audit/actor.ts';
import { sendError } from '../http-errors.ts';
import { compressJson } from '../plugins/compression.ts';
import { listRegistrations } from '../registrations/registration-reads.repository.ts';
import { promoteWaitlisted } from '../registrations/waiting-list.repository.ts';
import { retentionFields, retentionJob } from '../registrations/retention.job.ts';
import { requireUuid } from '../registrations/uuid.ts';
import { idParams, routeSchema } from '../route-schema.ts';
import { holdSeats } from '../seats/seats.repository.ts';
import { countCurrentAnswers } from '../registrations/answers.repository.ts';
import { pastEditionDateMessage } from './edition-date.ts';
import { keepAnswered, QuestionChangeRefused } from './question-changes.ts';
import {
  createEdition,
  DuplicateEditionNameError,
  PastEditionDateError,
  SettingsChangedError,
  updateCurrentSettings,
} from './edition-writes.repository.ts';
import {
  editionChanges,
  listEditions,
  readCurrentEdition,
  readEdition,
  toApiEdition,
} from './editions.repository.ts';

const answerCountsSchema = z.object({
  questions: z.array(
    z.object({
      id: z.string(),
      answered: z.number().int().describe('Registrations with an answer to it.'),
      options: z
        .record(z.string(), z.number().int())
        .describe("By option id (choice, choices); by 'true'/'false' (yes_no); {} otherwise."),
    }),
  ),
});

/** A logo in a save that PUT /api/admin/event/logo did not put there. */
class LogoNotUploadedError extends Error {}

/**
 * Three texts of up to 2,000 characters (4 bytes each at worst), 20 questions of up to 20
 * options each (issue 34) and the rest.
 */
const settingsBodyLimit = 256 * 1024;

export async function editionsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const forAdmins = { config: { audience: audiences.admin } };
  const idRoute = { ...forAdmins, onRequest: requireUuid };

  app.get(
    api.adminEvent,
    {
      ...forAdmins,
      schema: routeSchema({
        summary: "The current edition's settings",
        description: 'Its `ETag` names the version: a save sends it back in `If-Match`.',
        response: { 200: eventSettingsSchema },
      }),
    },
    async (_request, reply) => {
      const edition = await readCurrentEdition(app.db.kysely);
      // The version a save names back in If-Match (decision 0215).
      return reply.header('etag', settingsEtag(edition)).send(edition.settings);
    },
  );

  app.put(
    api.adminEvent,
    {
      ...forAdmins,
      bodyLimit: settingsBodyLimit,
      schema: routeSchema({
        summary: "Change the current edition's settings (all of them, as GET gives them)",
        description:
          'Answered once this instance serves the new settings, with the new `ETag`; the ' +
          'waiting list gets any seat the change makes. With `If-Match` of another version ' +
          'nothing is written (412); without it the save goes through. A new question or ' +
          'option sent without `id` gets one; one removed after somebody answered it is kept ' +
          '`archived` (GET /api/admin/event/answers says how many first); the kind of an ' +
          'answered question cannot change (400 at `questions.<index>.kind`).',
        headers: z.object({
          'if-match': z
            .string()
            .optional()
            .describe('The `ETag` of the settings the change was made from.'),
        }),
        body: eventSettingsSchema,
        response: { 200: eventSettingsSchema },
        errors: [errorTable.settingsChanged],
      }),
    },
    async (request, reply) => {
      const settings = request.body;
      let saved;
      try {
        saved = await updateCurrentSettings(
          app.db.kysely,
          async (current, trx) => {
            // The logo is kept or taken off here; a new one comes through its own route.
            if (settings.logo && JSON.stringify(settings.logo) !== JSON.stringify(current.logo)) {
              throw new LogoNotUploadedError();
            }
            // Answers given stay named: what was answered is archived, not dropped (issue 34.5).
            const counts = await countCurrentAnswers(trx, current.questions);
            return {
              ...settings,
              questions: keepAnswered(current.questions, settings.questions, counts),
            };
          },
          actorOf(request),
          async (trx, changed) => {
            // More seats, no limit, or automatic admission now: the waiting list gets them at
            // once, in the saving transaction (decision 0163).
            if (changed.some((field) => field === 'capacity' || field === 'admission')) {
              await promoteWaitlisted(trx, await holdSeats(trx), app.messagePlan);
            }
          },
          (current) => ifMatchAllows(request.headers['if-match'], current),
        );
      } catch (error) {
        if (error instanceof LogoNotUploadedError) {
          return sendError(reply, errorTable.validation, { logo: eventFieldMessages.logo });
        }
        if (error instanceof QuestionChangeRefused) {
          return sendError(reply, errorTable.validation, { [error.field]: error.reason });
        }
        if (!(error instanceof SettingsChangedError)) throw error;
        return sendError(reply, errorTable.settingsChanged);
      }
      const { edition, fields } = saved;
      // Saved, even unchanged: the organizer has had their chance at the event (decision 0227).
      await finishEventStep(app.db.kysely, 'saved');
      if (fields.length > 0) await app.editions.changed();
      // Registrations the new date or retention has outlived go now, not at the next hourly run.
      if (fields.some((field) => (retentionFields as readonly string[]).includes(field))) {
        void app.jobs.runNow(retentionJob.name);
      }
      return reply.header('etag', settingsEtag(edition)).send(edition.settings);
    },
  );

  app.get(
    api.adminEventAnswers,
    {
      ...forAdmins,
      schema: routeSchema({
        summary: "How many answered each of the current edition's questions, by option",
        description:
          'Every registration of the edition counted, cancelled ones too (their answers are in ' +
          'its CSV); archived questions and options included.',
        response: { 200: answerCountsSchema },
      }),
    },
    async () => {
      const { settings } = await readCurrentEdition(app.db.kysely);
      return { questions: await countCurrentAnswers(app.db.kysely, settings.questions) };
    },
  );

  app.get(
    api.adminEditions,
    {
      ...forAdmins,
      schema: routeSchema({
        summary: 'Every edition, newest first',
        response: { 200: z.array(editionSchema) },
      }),
    },
    async () => listEditions(app.db.kysely),
  );

  app.post(
    api.adminEditions,
    {
      ...forAdmins,
      schema: routeSchema({
        summary: "Start the next edition from the current one's settings",
        description:
          'The new edition becomes current: the pages, the form and the door serve it; the ' +
          'previous one is kept read-only until its retention ends. Its name is its own: one ' +
          'another edition has is refused at `name` (400).',
        body: newEditionSchema,
        response: { 201: editionSchema },
      }),
    },
    async (request, reply) => {
      const body = request.body;
      let edition;
      try {
        edition = await createEdition(app.db.kysely, body, actorOf(request));
      } catch (error) {
        if (error instanceof DuplicateEditionNameError) {
          return sendError(reply, errorTable.validation, {
            name: eventFieldMessages.duplicateEditionName,
          });
        }
        if (!(error instanceof PastEditionDateError)) throw error;
        return sendError(reply, errorTable.validation, {
          date: pastEditionDateMessage(error.timeZone),
        });
      }
      await app.editions.changed();
      return reply
        .code(201)
        .send(toApiEdition(edition, { registrations: 0, pendingOrConfirmed: 0 }));
    },
  );

  app.get(
    api.adminEditionRegistrations,
    {
      ...idRoute,
      config: { ...forAdmins.config, compress: compressJson },
      schema: routeSchema({
        summary: "An edition's registrations (a past one's: read-only)",
        params: idParams,
        response: { 200: z.array(registrationSchema) },
        errors: [errorTable.notFound],
      }),
    },
    async (request, reply) => {
      const edition = await readEdition(app.db.kysely, request.params.id);
      if (!edition) return sendError(reply, errorTable.notFound);
      return listRegistrations(app.db.kysely, edition.id);
    },
  );

  app.get(
    api.adminEditionChanges,
    {
      ...idRoute,
      schema: routeSchema({
        summary: "An edition's settings history, oldest first",
        params: idParams,
        response: { 200: z.array(eventChangeSchema) },
        errors: [errorTable.notFound],
      }),
    },
    async (request, reply) =>
      (await editionChanges(app.db.kysely, request.params.id)) ??
      sendError(reply, errorTable.notFound),
  );
}
