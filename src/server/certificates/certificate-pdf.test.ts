// The certificate read back by other programs than ours: Debian's poppler-utils (pdftotext,
// pdftoppm) and zbar (zbarimg), as a person's PDF reader and phone camera would.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { defaultCertificateText } from '../../shared/certificate-text.ts';
import { certificatePageUrl } from '../../shared/paths.ts';
import { newCertificateCode } from './certificate-code.ts';
import { type CertificateContent, certificatePdf } from './certificate-pdf.ts';

const folder = mkdtempSync(join(tmpdir(), 'certificate-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

function content(overrides: Partial<CertificateContent> = {}): CertificateContent {
  const code = newCertificateCode();
  return {
    code,
    name: 'Conceição Araújo',
    eventName: 'Encontro de Ñandú e Zoë',
    eventDate: '2026-12-06',
    place: 'Auditório Ibirapuera, São Paulo',
    hours: 7.5,
    text: defaultCertificateText,
    signers: [
      { name: 'Zoë Façanha', role: 'Coordenação' },
      { name: 'João Ñandú', role: 'Organização' },
    ],
    verificationUrl: certificatePageUrl('https://eventos.example.org', code),
    issuedAt: new Date('2026-12-06T21:00:00Z'),
    ...overrides,
  };
}

function saved(bytes: Uint8Array, name: string): string {
  const file = join(folder, name);
  writeFileSync(file, bytes);
  return file;
}

const run = (command: string, ...args: string[]) =>
  execFileSync(command, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

/** A grayscale PGM (P5, 8 bits) as rows of pixels. */
function readPgm(file: string) {
  const bytes = readFileSync(file);
  const header = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(bytes.subarray(0, 40).toString('latin1'))!;
  const [pageWidth, pageHeight] = [Number(header[1]), Number(header[2])];
  const pixels = bytes.subarray(header[0].length);
  return { dark: (x: number, y: number) => pixels[y * pageWidth + x]! < 200, pageHeight };
}

/** Pixels a point in the rendered page: enough for the 8-point line's thin strokes. */
const scale = 3;

/**
 * Words whose letters did not all print: each word's box (pdftotext's, in points) cut in slices
 * as wide as its average letter, and a slice with no ink is a glyph the embedded font lacks
 * (pdf-lib's subset of Inter printed 'ce ra' for 'Conceição Araújo' while its text read back
 * whole).
 */
function wordsNotPrinted(pdf: string, image: string): string[] {
  run('pdftoppm', '-gray', '-r', String(72 * scale), '-singlefile', pdf, image);
  const { dark } = readPgm(`${image}.pgm`);
  const boxes = run('pdftotext', '-bbox', '-enc', 'UTF-8', pdf, '-');
  const inked = (x0: number, x1: number, y0: number, y1: number) => {
    for (let x = Math.floor(x0 * scale); x < Math.ceil(x1 * scale); x++) {
      for (let y = Math.floor(y0 * scale); y < Math.ceil(y1 * scale); y++) {
        if (dark(x, y)) return true;
      }
    }
    return false;
  };
  const missing: string[] = [];
  const word = /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]+)</g;
  for (const [, x0, y0, x1, y1, text] of boxes.matchAll(word)) {
    const [left, top, right, bottom] = [x0, y0, x1, y1].map(Number) as [
      number,
      number,
      number,
      number,
    ];
    const letters = [...text!].length;
    const slice = (right - left) / letters;
    for (let at = 0; at < letters; at++) {
      if (!inked(left + at * slice, left + (at + 1) * slice, top, bottom)) {
        missing.push(text!);
        break;
      }
    }
  }
  return missing;
}

describe('the certificate PDF', () => {
  it('holds text that reads back: the name with its accents, the event, the text and the code', async () => {
    const certificate = content();
    const file = saved(await certificatePdf(certificate), 'text.pdf');
    const text = run('pdftotext', '-enc', 'UTF-8', file, '-');
    expect(text).toContain('Conceição Araújo');
    expect(text).toContain('Encontro de Ñandú e Zoë');
    expect(text).toContain('Zoë Façanha');
    expect(text).toContain(certificate.code);
    const body = text.replace(/\s+/g, ' ');
    expect(body).toContain(
      'Certificamos que Conceição Araújo participou do Encontro de Ñandú e Zoë, realizado em 6 de dezembro de 2026, em Auditório Ibirapuera, São Paulo, com carga horária de 7,5 horas.',
    );
    expect(body).toContain('CERTIFICADO DE PARTICIPAÇÃO');
    const info = run('pdfinfo', file);
    expect(info).toMatch(/Page size:\s+841\.89 x 595\.28 pts \(A4\)/);
    expect(info).toMatch(/Pages:\s+1\n/);
    const fonts = run('pdffonts', file);
    expect(fonts).toMatch(/[A-Z]{6}\+Inter-Bold\s+CID TrueType\s+Identity-H\s+yes yes yes/);
    expect(fonts).toMatch(/[A-Z]{6}\+Inter-Regular\s+CID TrueType\s+Identity-H\s+yes yes yes/);
  });

  it('prints every letter of every word, accents and all', async () => {
    const file = saved(await certificatePdf(content()), 'glyphs.pdf');
    expect(wordsNotPrinted(file, join(folder, 'glyphs'))).toEqual([]);
  });

  it('renders, and its QR code leads to the verification page', async () => {
    const certificate = content();
    const file = saved(await certificatePdf(certificate), 'qr.pdf');
    run('pdftoppm', '-png', '-r', '150', '-singlefile', file, join(folder, 'qr'));
    const decoded = run(
      'zbarimg',
      '--quiet',
      '--raw',
      '-Sdisable',
      '-Sqrcode.enable',
      join(folder, 'qr.png'),
    );
    expect(decoded.trim()).toBe(`https://eventos.example.org/certificado/${certificate.code}`);
  });

  it('is the same file every time it is made from the same content, and at most 300 KB', async () => {
    const certificate = content();
    const first = await certificatePdf(certificate);
    const second = await certificatePdf({ ...certificate });
    expect(Buffer.from(second).equals(Buffer.from(first))).toBe(true);
    expect(first.byteLength).toBeLessThanOrEqual(300 * 1024);
    const other = await certificatePdf({ ...certificate, name: 'Zoë Ñandú' });
    expect(Buffer.from(other).equals(Buffer.from(first))).toBe(false);
  });

  it('fits a long name and one signer', async () => {
    const name = 'Maria da Conceição Araújo de Albuquerque Cavalcanti Ñandú Zoë dos Santos Pereira';
    const file = saved(
      await certificatePdf(content({ name, signers: [{ name: 'Ana Lúcia', role: 'Direção' }] })),
      'long.pdf',
    );
    const text = run('pdftotext', '-enc', 'UTF-8', file, '-');
    expect(text.split('\n')).toContain(name);
    expect(text).toContain('Ana Lúcia');
    // The name's line stays inside the page: pdftotext's bounding boxes say where it went.
    const boxes = run('pdftotext', '-bbox', file, '-');
    const xMax = Math.max(...[...boxes.matchAll(/xMax="([\d.]+)"/g)].map((m) => Number(m[1])));
    expect(xMax).toBeLessThan(841.89 - 30);
  });
});
