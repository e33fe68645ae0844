// A stored certificate as its PDF, made on request (issue 36.3): what it certifies comes from its
// row (name, event, date, workload, code, issue date), and the wording, the place and the
// signatures from its edition's settings as they are now.
import { certificatePageUrl } from '../../shared/paths.ts';
import type { EventSettings } from '../../shared/event-settings.schema.ts';
import type { CertificateRow } from './certificates.repository.ts';
import { type CertificateContent, certificatePdf } from './certificate-pdf.ts';

export function certificateContent(
  row: CertificateRow,
  edition: EventSettings,
  publicUrl: string,
): CertificateContent {
  return {
    code: row.code,
    name: row.name,
    eventName: row.event_name,
    eventDate: row.event_date,
    place: `${edition.venue}, ${edition.city}`,
    hours: row.minutes / 60,
    text: edition.certificate.text,
    signers: edition.certificate.signers,
    verificationUrl: certificatePageUrl(publicUrl, row.code),
    issuedAt: new Date(row.issued_at),
  };
}

/** The certificate's file name as a person downloads or receives it: nothing personal in it. */
export function certificateFileName(row: Pick<CertificateRow, 'code'>): string {
  return `certificado-${row.code}.pdf`;
}

export function storedCertificatePdf(
  row: CertificateRow,
  edition: EventSettings,
  publicUrl: string,
): Promise<Buffer> {
  return certificatePdf(certificateContent(row, edition, publicUrl));
}
