// The event's logo (issue 33.2, decision 0225): PUT /api/admin/event/logo takes a PNG, JPEG or
// WebP picture as the body, stores it (scaled to at most 480 px wide) in the database and names it
// in the current edition's settings, audited like any save; DELETE takes it off. Every instance
// serves it from /imagens/<hash>.<ext>, cached for good: a new picture is a new address.
import type { FastifyError, FastifyInstance } from 'fastify';
import { z } from 'zod';
import { errorTable } from '../../shared/api-error.ts';
import { eventLogoSchema } from '../../shared/event-settings.schema.ts';
import { logoContentTypes, logoLimits, type EventLogo } from '../../shared/event-logo.ts';
import { api, eventImage } from '../../shared/paths.ts';
import { settingsEtag } from '../../shared/settings-version.ts';
import { audiences } from '../audience.ts';
import { actorOf } from '../audit/actor.ts';
import { updateCurrentSettings } from '../editions/edition-writes.repository.ts';
import { sendError } from '../http-errors.ts';
import { emptyAnswer, routeSchema } from '../route-schema.ts';
import { readImage, storeImage, type StoredImage } from './event-images.repository.ts';
import { NotAnImageError, prepareLogo, TooManyPixelsError } from './logo-image.ts';

const imageFile = /^([0-9a-f]{32})\.(png|jpg)$/;
const forever = 'public, max-age=31536000, immutable';

export async function logoRoutes(app: FastifyInstance) {
  // Any body reaches the handler as bytes, up to the limit: the picture's own format decides.
  app.addContentTypeParser(
    '*',
    { parseAs: 'buffer', bodyLimit: logoLimits.bytes },
    (_r, body, done) => done(null, body),
  );
  // Past 2 MB: said in the logo's words; anything else goes to the app's handler.
  app.setErrorHandler(async (error: FastifyError, _request, reply) => {
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
      return sendError(reply, errorTable.logoTooLarge);
    throw error;
  });

  async function saveLogo(logo: EventLogo | null, request: Parameters<typeof actorOf>[0]) {
    const { edition, fields } = await updateCurrentSettings(
      app.db.kysely,
      (current) => ({ ...current, logo }),
      actorOf(request),
    );
    if (fields.length > 0) await app.editions.changed();
    return edition;
  }

  app.put(
    api.adminEventLogo,
    {
      config: { audience: audiences.admin },
      bodyLimit: logoLimits.bytes,
      schema: routeSchema({
        summary: "Set the event's logo",
        description:
          'The body is the picture itself (`Content-Type: image/png`, `image/jpeg` or ' +
          '`image/webp`, at most 2 MB); it is scaled to at most 480 px wide. The answer carries ' +
          "the settings' new `ETag`.",
        response: { 200: eventLogoSchema },
        errors: [errorTable.logoNotAnImage, errorTable.logoTooLarge],
      }),
    },
    async (request, reply) => {
      const type = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase() ?? '';
      if (
        !(logoContentTypes as readonly string[]).includes(type) ||
        !Buffer.isBuffer(request.body)
      ) {
        return sendError(reply, errorTable.logoNotAnImage);
      }
      let image;
      try {
        image = await prepareLogo(request.body);
      } catch (error) {
        if (error instanceof TooManyPixelsError) return sendError(reply, errorTable.logoTooLarge);
        if (error instanceof NotAnImageError) return sendError(reply, errorTable.logoNotAnImage);
        throw error;
      }
      // Stored before it is named: a page never points at a picture that is not there.
      await storeImage(app.db.kysely, image);
      const logo = {
        url: eventImage.replace(':file', `${image.hash}.${image.extension}`),
        width: image.width,
        height: image.height,
      };
      const edition = await saveLogo(logo, request);
      return reply.header('etag', settingsEtag(edition)).send(logo);
    },
  );

  app.delete(
    api.adminEventLogo,
    {
      config: { audience: audiences.admin },
      schema: routeSchema({
        summary: "Remove the event's logo",
        description:
          "The pages show none from now on. The answer carries the settings' new `ETag`.",
        response: { 204: emptyAnswer('Removed (or there was none).') },
      }),
    },
    async (request, reply) => {
      const edition = await saveLogo(null, request);
      return reply.code(204).header('etag', settingsEtag(edition)).send();
    },
  );

  // What was read once is kept: an address's content never changes. A handful at most.
  const served = new Map<string, StoredImage>();
  app.get<{ Params: { file: string } }>(
    eventImage,
    {
      config: { audience: audiences.public },
      logLevel: 'warn',
      schema: routeSchema({
        summary: 'A logo, by its address',
        params: z.object({ file: z.string() }),
        response: {
          200: {
            description: 'The picture, cached for good (its address names its content).',
            content: {
              'image/png': { schema: z.string() },
              'image/jpeg': { schema: z.string() },
            },
          },
        },
        errors: [errorTable.notFound],
      }),
    },
    async (request, reply) => {
      const match = imageFile.exec(request.params.file);
      const hash = match?.[1];
      let image = hash ? served.get(hash) : undefined;
      if (hash && !image) {
        image = (await readImage(app.db.kysely, hash)) ?? undefined;
        if (image) {
          if (served.size >= 8) served.delete(served.keys().next().value!);
          served.set(hash, image);
        }
      }
      const extension = image?.contentType === 'image/jpeg' ? 'jpg' : 'png';
      if (!image || match?.[2] !== extension) return sendError(reply, errorTable.notFound);
      return reply
        .header('cache-control', forever)
        .header('etag', `"${hash}"`)
        .type(image.contentType)
        .send(image.bytes);
    },
  );
}
