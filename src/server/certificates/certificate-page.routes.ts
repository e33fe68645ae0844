// Anyone can verify a certificate (issue 36.5): /certificado/<code> says whether it is valid and
// what it certifies (name, event, date, hours, organizer: nothing else about the person), or that
// it was revoked; an unknown code gets the site's not-found page. '/validar' takes a typed code
// (case, dashes and spaces forgiven) to that page. Rendered per request without script, kept out
// of search engines, and limited per client address: the codes are not to be guessed by trying.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { certificateCodeFrom } from '../../shared/certificate-code.ts';
import { formatCertificateHours } from '../../shared/certificate-text.ts';
import { formatEventDate } from '../../shared/event.ts';
import { certificateLookup, certificatePage, withCode } from '../../shared/paths.ts';
import type { CertificateLookupData, CertificatePageData } from '../../shared/rendered-page.ts';
import { audiences } from '../audience.ts';
import { clientKey } from '../client-key.ts';
import { emptyAnswer, htmlAnswer, routeSchema } from '../route-schema.ts';
import { personal } from '../tickets/tickets.routes.ts';
import { notFoundPageAnswer } from '../web/page-schemas.ts';
import { certificateByCode } from './certificates.repository.ts';

export interface CertificatePageOptions {
  render(data: CertificatePageData): Promise<string>;
  renderLookup(data: CertificateLookupData): Promise<string>;
  sendNotFound(request: FastifyRequest, reply: FastifyReply): FastifyReply;
}

/** Lookups a minute from one client address (an IPv6 client by its /64), counted on each page. */
export const certificateLookupsPerMinute = 30;

export async function certificatePageRoutes(app: FastifyInstance, options: CertificatePageOptions) {
  const config = {
    audience: audiences.public,
    rateLimit: {
      max: certificateLookupsPerMinute,
      timeWindow: '1 minute',
      keyGenerator: (request: FastifyRequest) => `certificate:${clientKey(request.ip)}`,
    },
  };
  const html = (reply: FastifyReply, page: string) =>
    personal(reply).type('text/html; charset=utf-8').send(page);

  app.get<{ Params: { code: string } }>(
    certificatePage,
    {
      config,
      schema: routeSchema({
        summary: "A certificate's verification page",
        params: z.object({
          code: z.string().describe("The certificate's code, as its QR carries it."),
        }),
        response: {
          200: htmlAnswer('Valid (with what it certifies) or revoked, without script.'),
          404: notFoundPageAnswer,
        },
      }),
    },
    async (request, reply) => {
      const code = certificateCodeFrom(request.params.code);
      const found = code ? await certificateByCode(app.db.kysely, code) : undefined;
      if (!code || !found)
        return options.sendNotFound(request, reply.header('x-robots-tag', 'noindex'));
      const event = app.editions.current().settings;
      const certificate = found.revoked_at
        ? null
        : {
            name: found.name,
            eventName: found.event_name,
            date: formatEventDate({ date: found.event_date }),
            hours: formatCertificateHours(found.minutes / 60),
            organizer: found.organizer,
          };
      return html(reply, await options.render({ event, code, certificate }));
    },
  );

  app.get<{ Querystring: { codigo?: string } }>(
    certificateLookup,
    {
      config,
      schema: routeSchema({
        summary: 'The field to type a certificate code, and where a typed code leads',
        querystring: z.object({
          codigo: z.string().max(100).optional().describe('The code as typed.'),
        }),
        response: {
          200: htmlAnswer('The field, empty or with what was typed and why it is no code.'),
          303: emptyAnswer("To the certificate's page."),
        },
      }),
    },
    async (request, reply) => {
      const typed = request.query.codigo?.trim() ?? '';
      const code = typed ? certificateCodeFrom(typed) : null;
      if (code) return personal(reply).redirect(withCode(certificatePage, code), 303);
      const event = app.editions.current().settings;
      return html(reply, await options.renderLookup({ event, typed, invalid: typed !== '' }));
    },
  );
}
