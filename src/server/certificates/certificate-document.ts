// A stored certificate as its PDF, made on request (issue 36.3): what it certifies comes from its
// row (name, event, date, workload, code, issue date), and the wording, the place and the
// signatures (with their images) and the logo from its edition's settings as they are now.
import type { Kysely } from 'kysely';
import { certificatePageUrl } from '../../shared/paths.ts';
import type { EventSettings } from '../../shared/event-settings.schema.ts';
import type { Database } from '../db/schema.ts';
import type { CertificateRow } from './certificates.repository.ts';
import { type CertificateContent, certificatePdf } from './certificate-pdf.ts';
import { type CertificatePictures, certificatePicturesOf } from './certificate-pictures.ts';

export function certificateContent(
  row: CertificateRow,
  edition: EventSettings,
  publicUrl: string,
  pictures?: CertificatePictures,
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
    pictures,
  };
}

/** The certificate's file name as a person downloads or receives it: nothing personal in it. */
export function certificateFileName(row: Pick<CertificateRow, 'code'>): string {
  return `certificado-${row.code}.pdf`;
}

export async function storedCertificatePdf(
  db: Kysely<Database>,
  row: CertificateRow,
  edition: EventSettings,
  publicUrl: string,
): Promise<Buffer> {
  const pictures = await certificatePicturesOf(db, edition);
  return certificatePdf(certificateContent(row, edition, publicUrl, pictures));
}
