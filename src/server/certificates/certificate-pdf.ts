// The certificate of attendance as a PDF (issue 36.3), by PDFKit (decision 0234): A4 landscape,
// Inter embedded as a subset so every accent prints and reads back as text, the verification code
// and a QR of its page. Made on request from what is stored: the same content gives the same
// bytes (the file's dates are the issue's, its ID is a hash of them; the subset's tag is fixed).
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import {
  certificateBodyText,
  certificateLayout as layout,
  signatureBox,
  signerSpots,
} from '../../shared/certificate-layout.ts';
import { certificateFonts } from './certificate-fonts.ts';
import type { CertificatePictures } from './certificate-pictures.ts';

export interface CertificateSigner {
  name: string;
  role: string;
}

export interface CertificateContent {
  /** 'XXXX-XXXX-XXXX-XXXX' */
  code: string;
  name: string;
  eventName: string;
  /** The event's calendar date, `YYYY-MM-DD`. */
  eventDate: string;
  /** '{venue}, {city}' */
  place: string;
  hours: number;
  /** The organizer's text, with placeholders. */
  text: string;
  /** One or two. */
  signers: readonly CertificateSigner[];
  /** Where the QR leads: PUBLIC_URL/certificado/<code>. */
  verificationUrl: string;
  /** Stamped as the file's creation date: the same every time it is made. */
  issuedAt: Date;
  /** The event's logo and the signers' images, as certificatePicturesOf made them; none: lines. */
  pictures?: CertificatePictures | undefined;
}

// The page and its parts are placed as the panel's preview places them (decision 0247).
const { width, height, margin } = layout;
const { ink, muted, accent } = layout.colors;

type Document = InstanceType<typeof PDFDocument>;

/** One line, centered on `x` (the page's middle unless told), never wrapped. */
function centered(doc: Document, text: string, y: number, size: number, x = width / 2) {
  doc.fontSize(size);
  const textWidth = doc.widthOfString(text);
  doc.text(text, x - textWidth / 2, y, { lineBreak: false });
}

function drawFrame(doc: Document) {
  doc
    .lineWidth(2)
    .rect(24, 24, width - 48, height - 48)
    .stroke(accent);
  doc
    .lineWidth(0.5)
    .rect(30, 30, width - 60, height - 60)
    .stroke(accent);
}

function drawHeading(doc: Document, name: string) {
  const { heading, subheading, name: line } = layout;
  doc.font('bold').fillColor(accent);
  centered(doc, heading.text, heading.y, heading.size);
  doc.font('regular').fillColor(ink);
  centered(doc, subheading.text, subheading.y, subheading.size);
  // The name as large as fits the line, never below its least size.
  doc.font('bold').fontSize(line.size);
  const maxWidth = width - 2 * margin - 80;
  const fit = (line.size * maxWidth) / doc.widthOfString(name);
  const size = Math.max(line.min, Math.min(line.size, fit));
  centered(doc, name, line.y + (line.size - size) / 2, size);
}

function drawBody(doc: Document, content: CertificateContent) {
  // The same words the panel's preview shows (decision 0247).
  const text = certificateBodyText(content);
  const { y, inset, size, height: boxHeight, lineGap } = layout.body;
  // Bounded above the signatures: a text too long for its box ends in '…', never a second page.
  doc.font('regular').fontSize(size).fillColor(ink);
  doc.text(text, inset, y, {
    width: width - 2 * inset,
    height: boxHeight,
    align: 'center',
    lineGap,
    ellipsis: true,
  });
}

/** The event's logo in its box at the top left, as large as fits (decision 0288). */
function drawLogo(doc: Document, logo: Buffer | undefined) {
  if (!logo) return;
  const box = layout.pictures.logo;
  doc.image(logo, box.x, box.y, {
    fit: [box.width, box.height],
    align: 'center',
    valign: 'center',
  });
}

function drawSigners(
  doc: Document,
  signers: readonly CertificateSigner[],
  images: readonly (Buffer | undefined)[] = [],
) {
  const shown = signers.slice(0, 2);
  const spots = signerSpots(shown.length);
  const at = layout.signers;
  shown.forEach((signer, index) => {
    const x = spots[index]!;
    const image = images[index];
    if (image) {
      // Its foot on the line, as a pen signs above it.
      const box = signatureBox(x);
      doc.image(image, box.x, box.y, {
        fit: [box.width, box.height],
        align: 'center',
        valign: 'bottom',
      });
    }
    doc
      .lineWidth(0.75)
      .moveTo(x - at.halfLine, at.lineY)
      .lineTo(x + at.halfLine, at.lineY)
      .stroke(muted);
    doc.font('bold').fillColor(ink);
    centered(doc, signer.name, at.nameY, at.nameSize, x);
    doc.font('regular').fillColor(muted);
    centered(doc, signer.role, at.roleY, at.roleSize, x);
  });
}

/** The QR as filled runs of modules (vector: sharp at any zoom, a few KB), bottom right. */
function drawVerification(doc: Document, content: CertificateContent) {
  const { modules } = QRCode.create(content.verificationUrl, { errorCorrectionLevel: 'M' });
  const { side } = layout.qr;
  const quiet = 4;
  const unit = side / (modules.size + 2 * quiet);
  const left = width - margin - side;
  const top = height - layout.qr.bottom - side;
  doc.rect(left, top, side, side).fill('#ffffff');
  for (let row = 0; row < modules.size; row++) {
    let run = 0;
    for (let col = 0; col <= modules.size; col++) {
      if (col < modules.size && modules.get(row, col)) {
        run++;
        continue;
      }
      if (run > 0)
        doc.rect(left + (quiet + col - run) * unit, top + (quiet + row) * unit, run * unit, unit);
      run = 0;
    }
  }
  doc.fill('#000000');
  const right = left - 10;
  const lines: [string, 'regular' | 'bold', number, string][] = [
    ['Código de verificação', 'regular', 9, muted],
    [content.code, 'bold', 12, ink],
    [`Confira em ${content.verificationUrl}`, 'regular', 8, muted],
  ];
  lines.forEach(([text, font, size, color], index) => {
    doc.font(font).fontSize(size).fillColor(color);
    doc.text(text, right - doc.widthOfString(text), top + 10 + index * 17, { lineBreak: false });
  });
}

export function certificatePdf(content: CertificateContent): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: 0,
    lang: 'pt-BR',
    displayTitle: true,
    info: {
      Title: `Certificado de participação: ${content.name}`,
      Subject: content.eventName,
      Producer: 'inscricoes',
      Creator: 'inscricoes',
      CreationDate: content.issuedAt,
      ModDate: content.issuedAt,
    },
  });
  const fonts = certificateFonts();
  // PDFKit takes a parsed font as well as a file (PDFFontFactory.open); its types list files only.
  doc.registerFont('regular', fonts.regular as unknown as PDFKit.Mixins.PDFFontSource);
  doc.registerFont('bold', fonts.bold as unknown as PDFKit.Mixins.PDFFontSource);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  drawFrame(doc);
  drawLogo(doc, content.pictures?.logo);
  drawHeading(doc, content.name);
  drawBody(doc, content);
  drawSigners(doc, content.signers, content.pictures?.signatures);
  drawVerification(doc, content);
  doc.end();
  return done;
}
