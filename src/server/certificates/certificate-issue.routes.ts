// The organizer's hand on certificates (issue 36.2, 36.4): 'Emitir certificados agora' issues the
// current edition's missing ones (those who came and have none) with their messages, as the job
// at the event's end does; one registration's is issued by hand to a confirmed person (with an
// entry or not) or revoked. Admins only; refused in pt-BR while certificates are off.
import type { FastifyInstance } from 'fastify';
import { errorTable } from '../../shared/api-error.ts';
import {
  certificatesIssuedSchema,
  issuedCertificateSchema,
} from '../../shared/certificate-api.schema.ts';
import { api } from '../../shared/paths.ts';
import { audiences } from '../audience.ts';
import { actorOf } from '../audit/actor.ts';
import { readCurrentEdition } from '../editions/editions.repository.ts';
import { sendError } from '../http-errors.ts';
import { requireUuid } from '../registrations/uuid.ts';
import { emptyAnswer, idParams, routeSchema } from '../route-schema.ts';
import { issueCertificateByHand, revokeCertificateOf } from './certificate-by-hand.repository.ts';
import { issueCurrentCertificates } from './certificate-issue.job.ts';

export async function certificateIssueRoutes(app: FastifyInstance) {
  const forAdmins = { audience: audiences.admin };

  app.post(
    api.adminCertificates,
    {
      config: forAdmins,
      schema: routeSchema({
        summary:
          "Issue the current edition's missing certificates now ('Emitir certificados agora')",
        description:
          'To each confirmed person with an entry in the event window who has none, each with its message queued; 0 when everyone has one.',
        response: { 202: certificatesIssuedSchema },
        errors: [errorTable.certificatesOff],
      }),
    },
    async (request, reply) => {
      const issued = await issueCurrentCertificates(app, new Date(), actorOf(request));
      if (issued === null) return sendError(reply, errorTable.certificatesOff);
      return reply.code(202).send({ issued });
    },
  );

  app.post<{ Params: { id: string } }>(
    api.adminRegistrationCertificate,
    {
      config: forAdmins,
      onRequest: requireUuid,
      schema: routeSchema({
        summary:
          'Issue one confirmed registration its certificate by hand, with or without an entry',
        description:
          'Audited; its message is queued. A certificate revoked earlier stays revoked on its page.',
        params: idParams,
        response: { 201: issuedCertificateSchema },
        errors: [
          errorTable.notFound,
          errorTable.certificatesOff,
          errorTable.pastEdition,
          errorTable.certificateNotConfirmed,
          errorTable.certificateExists,
        ],
      }),
    },
    async (request, reply) => {
      const edition = await readCurrentEdition(app.db.kysely);
      if (!edition.settings.certificate.enabled)
        return sendError(reply, errorTable.certificatesOff);
      const outcome = await issueCertificateByHand(app.db.kysely, request.params.id, {
        now: new Date(),
        channels: app.messagePlan.certificate,
        actor: actorOf(request),
      });
      switch (outcome.kind) {
        case 'not_found':
          return sendError(reply, errorTable.notFound);
        case 'past_edition':
          return sendError(reply, errorTable.pastEdition);
        case 'not_confirmed':
          return sendError(reply, errorTable.certificateNotConfirmed);
        case 'exists':
          return sendError(reply, errorTable.certificateExists);
        case 'issued':
          return reply.code(201).send({ code: outcome.code, issued_at: outcome.issuedAt });
      }
    },
  );

  app.delete<{ Params: { id: string } }>(
    api.adminRegistrationCertificate,
    {
      config: forAdmins,
      onRequest: requireUuid,
      schema: routeSchema({
        summary: "Revoke a registration's certificate",
        description:
          "Audited. Its verification page says 'Certificado revogado' from now on, and the name it kept is erased at once.",
        params: idParams,
        response: { 204: emptyAnswer('Revoked.') },
        errors: [errorTable.notFound, errorTable.certificateNotFound],
      }),
    },
    async (request, reply) => {
      const revoked = await revokeCertificateOf(
        app.db.kysely,
        request.params.id,
        actorOf(request),
        new Date(),
      );
      if (!revoked) return sendError(reply, errorTable.certificateNotFound);
      return reply.code(204).send();
    },
  );
}
