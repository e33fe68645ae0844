// A certificate's PDF by its sealed link (certificate-links.ts, decision 0238): what WhatsApp's
// document header points at, open without a login for a week. A changed token, or a revoked or
// unknown certificate, gets the not-found page; an expired link, 410 with the same page. The
// token is in the address: the request is logged at `warn` only, and nothing keeps a copy.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { certificateFile } from '../../shared/paths.ts';
import { audiences } from '../audience.ts';
import { routeSchema } from '../route-schema.ts';
import { personal } from '../tickets/tickets.routes.ts';
import { notFoundPageAnswer } from '../web/page-schemas.ts';
import { certificateFileName, storedCertificatePdf } from './certificate-document.ts';
import { certificateByCode } from './certificates.repository.ts';

export interface CertificateFileOptions {
  sendNotFound(request: FastifyRequest, reply: FastifyReply, status: 404 | 410): FastifyReply;
}

export async function certificateFileRoutes(app: FastifyInstance, options: CertificateFileOptions) {
  app.get<{ Params: { token: string } }>(
    certificateFile,
    {
      logLevel: 'warn',
      config: { audience: audiences.public },
      schema: routeSchema({
        summary: "A certificate's PDF by the link its WhatsApp message carries",
        params: z.object({
          token: z.string().describe('Sealed: which certificate, and until when the link opens.'),
        }),
        response: {
          200: {
            description: 'The certificate, made from what is stored.',
            content: { 'application/pdf': { schema: z.string() } },
          },
          404: notFoundPageAnswer,
          410: notFoundPageAnswer,
        },
      }),
    },
    async (request, reply) => {
      personal(reply).header('referrer-policy', 'no-referrer');
      const opened = app.certificateLinks.open(request.params.token);
      if (opened === 'expired') return options.sendNotFound(request, reply, 410);
      const found = opened ? await certificateByCode(app.db.kysely, opened.code) : undefined;
      const edition = found && (await app.editions.settingsOf(found.event_id ?? ''));
      if (!found || found.revoked_at || !edition) return options.sendNotFound(request, reply, 404);
      const pdf = await storedCertificatePdf(app.db.kysely, found, edition, app.config.publicUrl);
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="${certificateFileName(found)}"`)
        .send(pdf);
    },
  );
}
