// The organizer's downloads of certificates (issue 36.6): one person's PDF from their card, and
// 'Baixar todos', every issued PDF of the current edition in one ZIP, streamed as it is made
// (decision 0242). Admins only: door accounts see names at the entrance, not documents.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { errorTable } from '../../shared/api-error.ts';
import { api } from '../../shared/paths.ts';
import { audiences } from '../audience.ts';
import { sendError } from '../http-errors.ts';
import { idParams, routeSchema } from '../route-schema.ts';
import { requireUuid } from '../registrations/uuid.ts';
import { sendCertificate } from './certificate-answer.ts';
import { issuedCertificateOf } from './certificate-reads.repository.ts';
import { certificatesZip } from './certificates-zip.ts';

const pdfAnswer = (description: string) => ({
  description,
  content: { 'application/pdf': { schema: z.string().describe('binary') } },
});

export async function certificateDownloadsRoutes(app: FastifyInstance) {
  const forAdmins = { audience: audiences.admin };

  app.get<{ Params: { id: string } }>(
    api.adminRegistrationCertificate,
    {
      config: forAdmins,
      onRequest: requireUuid,
      schema: routeSchema({
        summary: "A registration's certificate, as a PDF",
        params: idParams,
        response: { 200: pdfAnswer('The certificate, as an attachment certificado-<code>.pdf.') },
        errors: [errorTable.notFound, errorTable.certificateNotFound],
      }),
    },
    async (request, reply) => {
      const row = await issuedCertificateOf(app.db.kysely, request.params.id);
      if (!row) return sendError(reply, errorTable.certificateNotFound);
      return sendCertificate(app, reply, row);
    },
  );

  app.get(
    api.adminCertificatesZip,
    {
      config: forAdmins,
      schema: routeSchema({
        summary: "Every issued certificate of the current edition, in one ZIP ('Baixar todos')",
        description:
          'Streamed: each PDF is made as the previous one has left. Revoked ones are not in it.',
        response: {
          200: {
            description: 'The ZIP, as an attachment certificados.zip.',
            content: { 'application/zip': { schema: z.string().describe('binary') } },
          },
        },
      }),
    },
    async (request, reply) => {
      const edition = app.editions.current();
      const zip = certificatesZip(app.db.kysely, edition, app.config.publicUrl, (error) =>
        request.log.error({ err: error }, 'certificates zip: a certificate could not be made'),
      );
      return reply
        .header('cache-control', 'private, no-store')
        .type('application/zip')
        .header('content-disposition', 'attachment; filename="certificados.zip"')
        .send(zip);
    },
  );
}
