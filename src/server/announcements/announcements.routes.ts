// 'Avisar inscritos' (issue 35.4, decision 0269): the organizer's news to the people registered in
// the current edition. Admins only. Sending is the outbox's: the route stores the announcement and
// its messages and answers 202 at once, however many people it reaches.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  announcementCreatedSchema,
  announcementMessages,
  announcementRequestSchema,
  announcementSchema,
  announcementTestSchema,
  audienceCountsSchema,
  type AudienceCounts,
} from '../../shared/announcement.schema.ts';
import { errorTable } from '../../shared/api-error.ts';
import { api } from '../../shared/paths.ts';
import { audiences } from '../audience.ts';
import { actorOf } from '../audit/actor.ts';
import { sendError } from '../http-errors.ts';
import { routeSchema } from '../route-schema.ts';
import { afterEventStarted, audienceCounts } from './announcement-audience.ts';
import { createAnnouncement, listAnnouncements } from './announcements.repository.ts';
import { announcementTestSender, testResultSchema } from './announcement-test-send.ts';

export async function announcementsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const forAdmins = { config: { audience: audiences.admin } };
  const db = app.db.kysely;
  const available = app.messagePlan.announcement;
  const testSender = announcementTestSender(app.config);
  app.addHook('onClose', async () => testSender.close());

  app.get(
    api.adminAnnouncements,
    {
      ...forAdmins,
      schema: routeSchema({
        summary: "The current edition's announcements, newest first, with counts per status",
        response: { 200: z.array(announcementSchema) },
      }),
    },
    async () => listAnnouncements(db, app.editions.current().id),
  );

  app.get(
    api.adminAnnouncementAudience,
    {
      ...forAdmins,
      schema: routeSchema({
        summary: 'How many people each audience reaches now, and where a test goes',
        response: { 200: audienceCountsSchema },
      }),
    },
    async (request): Promise<AudienceCounts> => {
      const edition = app.editions.current();
      const now = new Date();
      return {
        counts: await audienceCounts(db, edition.id, edition.settings, now),
        afterEvent: afterEventStarted(edition.settings, now),
        channels: [...available],
        testAddress: actorOf(request).email,
      };
    },
  );

  app.post(
    api.adminAnnouncements,
    {
      ...forAdmins,
      schema: routeSchema({
        summary: 'Send an announcement to an audience of the current edition',
        description:
          'Stores it and queues one message per person and channel in one transaction; the ' +
          'outbox sends them at the providers’ pace.',
        body: announcementRequestSchema,
        response: { 202: announcementCreatedSchema },
        errors: [
          errorTable.announcementChannelOff,
          errorTable.noticeNotOnWhatsapp,
          errorTable.channelOff,
        ],
      }),
    },
    async (request, reply) => {
      const body = request.body;
      if (available.length === 0) return sendError(reply, errorTable.announcementChannelOff);
      if (body.channels.includes('whatsapp') && !available.includes('whatsapp')) {
        return sendError(reply, errorTable.noticeNotOnWhatsapp);
      }
      if (body.channels.includes('email') && !available.includes('email')) {
        return sendError(reply, errorTable.channelOff);
      }
      const channels = [...new Set(body.channels)];
      const actor = actorOf(request);
      const result = await createAnnouncement(db, body, channels, actor.accountId, new Date());
      if (result.kind === 'not_yet') {
        return sendError(reply, errorTable.validation, { audience: announcementMessages.notYet });
      }
      return reply.code(202).send({ id: result.id, recipients: result.recipients });
    },
  );

  app.post(
    api.adminAnnouncementTest,
    {
      ...forAdmins,
      schema: routeSchema({
        summary: "Send the announcement once to the signed-in organizer's own e-mail",
        description:
          'Composed as every person’s, for a sample person; sent at once (not queued), and the ' +
          'answer says whether the mail server took it.',
        body: announcementTestSchema,
        response: { 200: testResultSchema },
        errors: [errorTable.announcementTestOff],
      }),
    },
    async (request, reply) => {
      if (!testSender.configured) return sendError(reply, errorTable.announcementTestOff);
      const to = actorOf(request).email;
      return testSender.send(request.body, app.editions.current().settings, to);
    },
  );
}
