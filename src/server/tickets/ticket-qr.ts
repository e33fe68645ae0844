// The ticket's QR code, by the kept `qrcode` library (the smallest SVG of those weighed: one path
// of runs), inline in the page: no image request, nothing for the CSP to allow. Error correction
// M and the standard four-module quiet zone.
import QRCode from 'qrcode';

export function qrCodeSvg(text: string): Promise<string> {
  return QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 4 });
}

/** The same code as a PNG, for the ticket e-mail (mail clients show no inline SVG). */
export function qrCodePng(text: string): Promise<Buffer> {
  // 6 pixels a module (about 270 px): sharp at the 240 px the e-mail shows it, and a quarter of
  // the encoding time of a 480 px image (PNG encoding is the costly part of a ticket e-mail).
  return QRCode.toBuffer(text, { type: 'png', errorCorrectionLevel: 'M', margin: 4, scale: 6 });
}
