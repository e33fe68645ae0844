// Where each part of the certificate sits, in PDF points on an A4 landscape page (issue 36.1,
// decision 0247): the PDF (server/certificates/certificate-pdf.ts) draws with these numbers and the
// panel's preview places its boxes with them, and both fill the text with certificateBodyText, so
// the preview shows what the PDF will say where it will say it.
import {
  type CertificatePlaceholder,
  fillCertificateText,
  formatCertificateHours,
} from './certificate-text.ts';
import { formatEventDate } from './event.ts';

export const certificateLayout = {
  width: 841.89,
  height: 595.28,
  margin: 48,
  colors: { ink: '#1a1f29', muted: '#596170', accent: '#0d4d8c' },
  heading: { y: 90, size: 30, text: 'CERTIFICADO' },
  subheading: { y: 128, size: 12, text: 'DE PARTICIPAÇÃO' },
  /** The name as large as fits the line, never below `min` points. */
  name: { y: 180, size: 36, min: 16 },
  /** Bounded above the signatures: a text too long for its box ends in '…'. */
  body: { y: 250, inset: 108, size: 14, height: 140, lineGap: 6 },
  signers: {
    lineY: 445,
    halfLine: 120,
    apart: 170,
    nameY: 452,
    nameSize: 11,
    roleY: 467,
    roleSize: 10,
  },
  qr: { side: 76, bottom: 40 },
  /**
   * The pictures' boxes, each drawn as large as fits keeping its proportions (decision 0288): the
   * event's logo at the top left, centered in its box; a signer's image centered on their line,
   * its foot just above it.
   */
  pictures: {
    logo: { x: 48, y: 44, width: 150, height: 64 },
    signature: { width: 200, height: 48, above: 4 },
  },
} as const;

/** What fills the text: one certificate's facts. */
export interface CertificateFacts {
  name: string;
  eventName: string;
  /** The event's calendar date, `YYYY-MM-DD`. */
  eventDate: string;
  /** '{venue}, {city}' */
  place: string;
  hours: number;
  /** The organizer's text, with placeholders. */
  text: string;
}

/** The certificate's text as printed: the placeholders filled with the facts. */
export function certificateBodyText(facts: CertificateFacts): string {
  const values: Record<CertificatePlaceholder, string> = {
    nome: facts.name,
    evento: facts.eventName,
    data: formatEventDate({ date: facts.eventDate }),
    local: facts.place,
    carga_horaria: formatCertificateHours(facts.hours),
  };
  return fillCertificateText(facts.text, values);
}

/** A signer's image's box, centered on `x`, its foot just above the line. */
export function signatureBox(x: number) {
  const { signature } = certificateLayout.pictures;
  const bottom = certificateLayout.signers.lineY - signature.above;
  return {
    x: x - signature.width / 2,
    y: bottom - signature.height,
    width: signature.width,
    height: signature.height,
  };
}

/** Where the signers' centers sit across the page: one in the middle, two apart. */
export function signerSpots(count: number): number[] {
  const middle = certificateLayout.width / 2;
  const { apart } = certificateLayout.signers;
  return count === 1 ? [middle] : [middle - apart, middle + apart];
}
