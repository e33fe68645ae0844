// Builds the Fastify app from its parts; server.ts only listens and shuts down.
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { api } from '../shared/paths.ts';
import { bootstrapAdmin } from './admin/bootstrap-admin.ts';
import { doorAccountsRoutes } from './admin/door-accounts.routes.ts';
import { openFirstAdminSetup, type SetupTiming } from './admin/first-admin-setup.ts';
import { loginAttemptsSweepJob } from './admin/login-attempts-sweep.job.ts';
import { loginRoutes } from './admin/login.routes.ts';
import { sessionSweepJob } from './admin/session-sweep.job.ts';
import { firstStartRoutes } from './admin/first-start.routes.ts';
import { setupRoutes } from './admin/setup.routes.ts';
import { z } from 'zod';
import { audiences } from './audience.ts';
import { auditRoutes } from './audit/audit.routes.ts';
import { certificateDownloadsRoutes } from './certificates/certificate-downloads.routes.ts';
import type { Config } from './config.ts';
import { loggerOptions, withLogSerializers } from './logger.ts';
import { openDatabase, ping, type Db } from './db/database.ts';
import { openPostgresListener } from './db/postgres-listener.ts';
import { doorRoutes } from './door/door.routes.ts';
import { openEditions } from './editions/editions.ts';
import { editionsRoutes } from './editions/editions.routes.ts';
import { logoRoutes } from './logo/logo.routes.ts';
import { databaseRateLimitStore } from './limits/database-rate-limit-store.ts';
import { rateLimitWindowsSweepJob } from './limits/rate-limit-windows-sweep.job.ts';
import { liveChangesPruneJob } from './live/live-changes-prune.job.ts';
import { liveRoutes } from './live/live.routes.ts';
import { messagesRoutes } from './messages/messages.routes.ts';
import { announcementsRoutes } from './announcements/announcements.routes.ts';
import { reminderAnswersRoutes } from './reminders/reminder-answers.routes.ts';
import { whatsappWebhookRoutes } from './messages/whatsapp/whatsapp-webhook.routes.ts';
import { openLive } from './live/open-live.ts';
import authorization from './plugins/authorization.ts';
import compression from './plugins/compression.ts';
import errorHandler, {
  clientErrorHandler,
  frameworkErrorHandler,
} from './plugins/error-handler.ts';
import jobs from './plugins/jobs.ts';
import jsonBody from './plugins/json-body.ts';
import openapi from './plugins/openapi.ts';
import routeValidation from './plugins/route-validation.ts';
import lingeringClose from './plugins/lingering-close.ts';
import outbox from './plugins/outbox.ts';
import forgottenProxy from './plugins/forgotten-proxy.ts';
import sameOrigin from './plugins/same-origin.ts';
import securityHeaders from './plugins/security-headers.ts';
import sessionCookie from './plugins/session-cookie.ts';
import sessions from './plugins/sessions.ts';
import webApp from './plugins/web-app.ts';
import registrationErasure from './registrations/registration-erasure.ts';
import { registrationsAdminRoutes } from './registrations/registrations.admin-routes.ts';
import { registrationsRoutes } from './registrations/registrations.routes.ts';
import { routeSchema } from './route-schema.ts';
import { retentionJob } from './registrations/retention.job.ts';
import { certificateIssueJob } from './certificates/certificate-issue.job.ts';
import { openCertificateLinks } from './certificates/certificate-links.ts';
import { remindersJob } from './reminders/reminders.job.ts';
import { certificateIssueRoutes } from './certificates/certificate-issue.routes.ts';
import { certificateSignatureRoutes } from './certificates/certificate-signature.routes.ts';
import { ticketsRoutes } from './tickets/tickets.routes.ts';

export interface AppOptions {
  config: Config;
  /** Defaults to opening config.databaseUrl. */
  db?: Db;
  logger?: FastifyServerOptions['logger'];
  /** How often the setup link's token is renewed, and for how long (tests shorten them). */
  setupTiming?: SetupTiming;
}

export async function buildApp(options: AppOptions) {
  const { config } = options;
  const app = Fastify({
    logger: withLogSerializers(options.logger ?? loggerOptions(config)),
    // Behind a proxy, trust only the address it appends (the last one): a client cannot dodge
    // the rate limit by sending its own X-Forwarded-For. `true` would take the first, forged one.
    trustProxy: config.trustProxy ? (_address: string, hop: number) => hop === 0 : false,
    // A registration is well under 2 KB: anything far larger is refused with 413.
    bodyLimit: 16 * 1024,
    return503OnClosing: true,
    // A URL that does not decode gets our error shape and headers, not Fastify's English body.
    frameworkErrors: frameworkErrorHandler(config),
    // And a request Node's parser refused (a malformed line, headers past 16 KB) gets them too.
    clientErrorHandler: clientErrorHandler(config),
    // A path parameter longer than the router's default 100 characters would match no route and
    // get a JSON 404: a mangled ticket or personal link gets the not-found page instead.
    routerOptions: { maxParamLength: 1000 },
  });

  const db =
    options.db ??
    (await openDatabase(config.databaseUrl, {
      onIdleError: (err) => app.log.warn({ err }, 'an idle database connection was closed'),
      onWakeError: (err) => app.log.error({ err }, 'waking after a commit failed'),
    }));
  // PostgreSQL: this instance hears the others' commits on a connection of its own.
  const listener = db.postgres
    ? await openPostgresListener({ connectionString: db.postgres.connectionString, log: app.log })
    : undefined;
  // The first start fills the first edition's settings from EVENT_CONFIG and the defaults.
  const editions = await openEditions({ db, log: app.log, listener, seed: config.event });
  const live = await openLive(db, app.log, listener);
  app.decorate('config', config);
  app.decorate('db', db);
  app.decorate('postgresListener', listener);
  app.decorate('editions', editions);
  app.decorate('live', live);
  await bootstrapAdmin(config, db, app.log);
  const firstAdminSetup = await openFirstAdminSetup(
    db,
    app.log,
    config.publicUrl,
    options.setupTiming,
  );
  app.decorate('firstAdminSetup', firstAdminSetup);
  app.decorate('certificateLinks', await openCertificateLinks(db.kysely, config.publicUrl));
  app.addHook('onListen', async () => {
    if (firstAdminSetup.announcement) app.log.warn(firstAdminSetup.announcement);
  });
  app.addHook('onClose', async () => {
    editions.close();
    await firstAdminSetup.close();
    await live.close();
    await listener?.close();
    await db.close();
  });

  await app.register(errorHandler);
  // An answer given before the body arrived reaches the client: the rest is read, then closed.
  await app.register(lingeringClose);
  await app.register(securityHeaders);
  await app.register(sameOrigin);
  await app.register(forgottenProxy);
  await app.register(sessionCookie);
  await app.register(sessions);
  // Before any route: every route from here on must declare its audience.
  await app.register(authorization);
  // Before any route too: each one's schemas validate what arrives and describe it in the
  // document (route-schema.ts).
  await app.register(routeValidation);
  await app.register(openapi);
  // Only JSON bodies, strict UTF-8: text/plain and forms get 415.
  await app.register(jsonBody);
  // On PostgreSQL the count is shared by every instance; SQLite runs one, which counts in memory.
  await app.register(rateLimit, {
    global: false,
    ...(db.kind === 'postgres' ? { store: databaseRateLimitStore(db.kysely) } : {}),
  });
  await app.register(registrationErasure);
  await app.register(outbox);
  await app.register(compression);

  app.get(
    api.health,
    {
      config: { audience: audiences.public },
      schema: routeSchema({
        summary: 'Whether the server and its database answer',
        response: { 200: z.object({ ok: z.literal(true) }) },
      }),
    },
    async () => {
      await ping(db);
      return { ok: true };
    },
  );
  await app.register(registrationsRoutes);
  await app.register(loginRoutes);
  await app.register(setupRoutes);
  await app.register(firstStartRoutes);
  await app.register(registrationsAdminRoutes);
  await app.register(certificateDownloadsRoutes);
  await app.register(certificateIssueRoutes);
  await app.register(certificateSignatureRoutes);
  await app.register(auditRoutes);
  await app.register(editionsRoutes);
  await app.register(logoRoutes);
  await app.register(doorAccountsRoutes);
  await app.register(doorRoutes);
  await app.register(ticketsRoutes);
  await app.register(liveRoutes);
  await app.register(messagesRoutes);
  await app.register(announcementsRoutes);
  await app.register(reminderAnswersRoutes);
  await app.register(whatsappWebhookRoutes);
  await app.register(async (site) => {
    // The built site (pages, and @fastify/static's route per file) is for everyone.
    site.addHook('onRoute', (route) => {
      route.config = { ...route.config, audience: route.config?.audience ?? audiences.public };
    });
    await site.register(webApp);
  });
  await app.register(jobs, {
    jobs: [
      retentionJob,
      sessionSweepJob,
      liveChangesPruneJob,
      loginAttemptsSweepJob,
      rateLimitWindowsSweepJob,
      certificateIssueJob,
      remindersJob,
    ],
  });

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
