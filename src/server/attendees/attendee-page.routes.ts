// The person's own page, /inscricao/<token> (decision 0130): their state (pending, confirmed with
// the ticket's link, the waiting list with their place, cancelled) and 'Não poderei comparecer',
// which leads to a confirmation step whose form POSTs the cancellation, then back to the page
// (303); and 'Vou comparecer' from the reminder e-mail (issue 35.2), whose step's form POSTs it
// the same way: a link opened by a mail scanner records nothing. Rendered per request without script, like the ticket page; the site's not-found page
// (404) for a token that opens nothing, with nothing changed. The token is the key: these
// requests are logged at `warn` only, so the address never reaches an ordinary log line.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  attendeeAttend,
  attendeeCancel,
  attendeeCertificate,
  attendeePage,
  withCode,
} from '../../shared/paths.ts';
import type { AttendeePageData } from '../../shared/rendered-page.ts';
import { isPersonalToken } from '../../shared/personal-token.ts';
import { audiences } from '../audience.ts';
import { compressPage } from '../plugins/compression.ts';
import { emptyAnswer, htmlAnswer, routeSchema } from '../route-schema.ts';
import { notFoundPageAnswer } from '../web/page-schemas.ts';
import { personal } from '../tickets/tickets.routes.ts';
import { sendCertificate } from '../certificates/certificate-answer.ts';
import { issuedCertificateByToken } from '../certificates/certificate-reads.repository.ts';
import { confirmAttendanceByToken } from '../registrations/attendance-answer.repository.ts';
import { cancelAsThePerson } from './attendee-cancellation.ts';
import { findAttendee } from './attendees.repository.ts';

export interface AttendeePageOptions {
  render(data: AttendeePageData): Promise<string>;
  sendNotFound(request: FastifyRequest, reply: FastifyReply): FastifyReply;
}

type TokenRequest = { Params: { code: string } };

/** The person's key, in the address of every message they get. */
const tokenParams = z.object({
  code: z.string().describe("The person's own key (personal token), from their messages."),
});
const toThePage = emptyAnswer("To the person's own page, which says where they stand.");
const viewSchema = routeSchema({
  summary: "The person's own page: their state, their ticket's link, and 'Não poderei comparecer'",
  params: tokenParams,
  response: { 200: htmlAnswer('The page, without script.'), 404: notFoundPageAnswer },
});
const confirmSchema = routeSchema({
  summary: "The cancellation's confirmation step",
  params: tokenParams,
  response: {
    200: htmlAnswer('The step, with the form that cancels.'),
    303: toThePage.describe('Nothing left to cancel: to the page itself.'),
    404: notFoundPageAnswer,
  },
});
const cancelSchema = routeSchema({
  summary: "Cancel the registration (the confirmation step's form)",
  description:
    'The seat goes to the waiting list. Over, already let in, or of a past edition: nothing ' +
    'changes, and the page says why.',
  params: tokenParams,
  response: { 303: toThePage, 404: notFoundPageAnswer },
});

const attendSchema = routeSchema({
  summary: "'Vou comparecer''s confirmation step (the reminder e-mail's link)",
  params: tokenParams,
  response: {
    200: htmlAnswer('The step, with the form that records it.'),
    303: toThePage.describe('Not confirmed, already said, or over: to the page itself.'),
    404: notFoundPageAnswer,
  },
});
const attendingSchema = routeSchema({
  summary: "Record that the person will come (the step's form)",
  description: '`rsvp: "yes"` on a confirmed registration, once; otherwise nothing changes.',
  params: tokenParams,
  response: { 303: toThePage, 404: notFoundPageAnswer },
});

const certificateSchema = routeSchema({
  summary: "The person's certificate of attendance, as a PDF (their page's 'Baixar certificado')",
  description:
    'The not-found page for a token that opens nothing, no certificate, or a revoked one.',
  params: tokenParams,
  response: {
    200: {
      description: 'The certificate, as an attachment certificado-<code>.pdf.',
      content: { 'application/pdf': { schema: z.string().describe('binary') } },
    },
    404: notFoundPageAnswer,
  },
});

export async function attendeePageRoutes(app: FastifyInstance, options: AttendeePageOptions) {
  const route = {
    logLevel: 'warn',
    config: { audience: audiences.public, compress: compressPage },
  } as const;
  // The confirmation step's form: its body says nothing (the token is in the address).
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, _body, done) => done(null, {}),
  );

  async function show(
    request: FastifyRequest<TokenRequest>,
    reply: FastifyReply,
    step: AttendeePageData['step'],
  ) {
    personal(reply);
    const token = request.params.code;
    const found = isPersonalToken(token) ? await findAttendee(app, token) : undefined;
    if (!found) return options.sendNotFound(request, reply);
    const pagePath = withCode(attendeePage, token);
    // Nothing left to confirm: the page itself.
    if (step === 'confirm' && (found.status === 'cancelled' || found.locked)) {
      return reply.redirect(pagePath, 303);
    }
    if (step === 'attend' && (found.status !== 'confirmed' || found.locked || found.rsvp)) {
      return reply.redirect(pagePath, 303);
    }
    const html = await options.render({
      ...found,
      pagePath,
      cancelPath: withCode(attendeeCancel, token),
      attendPath: withCode(attendeeAttend, token),
      step,
    });
    return reply.type('text/html; charset=utf-8').send(html);
  }

  app.get<TokenRequest>(attendeePage, { ...route, schema: viewSchema }, (request, reply) =>
    show(request, reply, 'view'),
  );
  app.get<TokenRequest>(attendeeCancel, { ...route, schema: confirmSchema }, (request, reply) =>
    show(request, reply, 'confirm'),
  );
  app.get<TokenRequest>(attendeeAttend, { ...route, schema: attendSchema }, (request, reply) =>
    show(request, reply, 'attend'),
  );
  app.post<TokenRequest>(
    attendeeAttend,
    { ...route, schema: attendingSchema },
    async (request, reply) => {
      personal(reply);
      const token = request.params.code;
      const found = isPersonalToken(token) ? await findAttendee(app, token) : undefined;
      if (!found) return options.sendNotFound(request, reply);
      if (!found.locked) await confirmAttendanceByToken(app.db.kysely, token);
      return reply.redirect(withCode(attendeePage, token), 303);
    },
  );

  // The token is the key, as for the page itself: no login (issue 36.6).
  app.get<TokenRequest>(
    attendeeCertificate,
    { ...route, schema: certificateSchema },
    async (request, reply) => {
      personal(reply);
      const token = request.params.code;
      const row = isPersonalToken(token)
        ? await issuedCertificateByToken(app.db.kysely, token)
        : undefined;
      if (!row) return options.sendNotFound(request, reply);
      return sendCertificate(app, reply, row);
    },
  );

  app.post<TokenRequest>(
    attendeeCancel,
    { ...route, schema: cancelSchema },
    async (request, reply) => {
      personal(reply);
      const token = request.params.code;
      if (!isPersonalToken(token)) return options.sendNotFound(request, reply);
      const outcome = await cancelAsThePerson(app, token);
      if (outcome === 'not_found') return options.sendNotFound(request, reply);
      return reply.redirect(withCode(attendeePage, token), 303);
    },
  );
}
