// The ticket's QR code, by the kept `qrcode` library (the smallest SVG of those weighed: one path
// of runs), inline in the page: no image request, nothing for the CSP to allow. Error correction
// M and the standard four-module quiet zone.
import { crc32, deflateSync } from 'node:zlib';
import QRCode from 'qrcode';

const options = { errorCorrectionLevel: 'M', margin: 4 } as const;

export function qrCodeSvg(text: string): Promise<string> {
  return QRCode.toString(text, { type: 'svg', ...options });
}

/** Pixels a module in the e-mail's PNG (about 270 px for a ticket link: sharp at 240 px). */
const scale = 6;

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/**
 * The same code as a PNG, for the ticket e-mail (mail clients show no inline SVG): black and
 * white at one bit a pixel. qrcode's own PNG writes 4 bytes a pixel (RGBA) and took most of a
 * ticket e-mail's time to build; this is the same matrix, 32 times fewer bytes to compress.
 * See docs/decisions/0093-ticket-qr-png-one-bit.md.
 */
export function qrCodePng(text: string): Buffer {
  const { modules } = QRCode.create(text, options);
  const size = (modules.size + options.margin * 2) * scale;
  const rowBytes = Math.ceil(size / 8);
  // Each row: a filter byte (0, none), then the pixels, 1 = white (grayscale, bit depth 1).
  const raw = Buffer.alloc((rowBytes + 1) * size, 0xff);
  for (let y = 0; y < size; y += 1) {
    const row = y * (rowBytes + 1);
    raw[row] = 0;
    const my = Math.floor(y / scale) - options.margin;
    for (let x = 0; x < size; x += 1) {
      const mx = Math.floor(x / scale) - options.margin;
      const dark =
        my >= 0 && my < modules.size && mx >= 0 && mx < modules.size && modules.get(my, mx);
      if (dark) raw[row + 1 + (x >> 3)]! &= ~(0x80 >> (x & 7));
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // grayscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
