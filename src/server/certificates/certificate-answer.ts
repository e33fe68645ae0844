// A stored certificate sent as its PDF, an attachment named after its code: the organizer's
// download and the person's own (issue 36.6) answer alike, never kept by a cache.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { certificateFileName, storedCertificatePdf } from './certificate-document.ts';
import type { CertificateRow } from './certificates.repository.ts';

export async function sendCertificate(
  app: FastifyInstance,
  reply: FastifyReply,
  row: CertificateRow,
): Promise<FastifyReply> {
  // Its own edition's wording and signers; the current edition's if that one is gone.
  const settings =
    (row.event_id && (await app.editions.settingsOf(row.event_id))) ||
    app.editions.current().settings;
  const pdf = await storedCertificatePdf(app.db.kysely, row, settings, app.config.publicUrl);
  return reply
    .header('cache-control', 'private, no-store')
    .type('application/pdf')
    .header('content-disposition', `attachment; filename="${certificateFileName(row)}"`)
    .send(pdf);
}
