// A certificate's pictures (issue 36.1) on a real server over HTTP, on SQLite and PostgreSQL: a
// signer's image is a PNG of at most 500 KB (checked by its bytes, refused in pt-BR otherwise),
// stored in the database; saved in the signer, it prints above their line, and the event's logo at
// the top left; the PDF, read back by poppler, stays at most 300 KB and the same bytes each time.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorTable } from '../../shared/api-error.ts';
import { certificateLayout, signatureBox, signerSpots } from '../../shared/certificate-layout.ts';
import type { EventSettings } from '../../shared/event-settings.schema.ts';
import { api, withId } from '../../shared/paths.ts';
import { certificatesOn } from '#test/api/certificates.ts';
import { registerConfirmed } from '#test/api/door.ts';
import { startSession, type TestSession } from '#test/api/sessions.ts';
import { createTempPostgres, type TempPostgres } from '#test/databases/temp-postgres.ts';
import { startTestServer, type TestServer } from '#test/servers/test-server.ts';

const folder = mkdtempSync(join(tmpdir(), 'certificate-pictures-'));
const databases: TempPostgres[] = [];
afterAll(async () => {
  rmSync(folder, { recursive: true, force: true });
  await Promise.all(databases.map((database) => database.drop()));
});

/** A pen's stroke, dark blue on transparency, as a scanned signature comes. */
function signaturePng(width = 900, height = 300): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <path d="M20 ${height * 0.7} C ${width * 0.2} 0, ${width * 0.4} ${height}, ${width * 0.6} ${height * 0.3} S ${width * 0.9} ${height * 0.8}, ${width - 20} ${height * 0.4}"
      stroke="#13307a" stroke-width="${height / 12}" fill="none"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** Random pixels: as heavy as a PNG of this size gets. */
const noisePng = (width: number, height: number) =>
  sharp(randomBytes(width * height * 4), { raw: { width, height, channels: 4 } })
    .png({ compressionLevel: 0 })
    .toBuffer();

const run = (command: string, ...args: string[]) =>
  execFileSync(command, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

/** The PDF rendered in gray at 1 px per point: how many pixels of a box are not blank paper. */
function inkIn(pdf: Buffer, name: string) {
  const file = join(folder, `${name}.pdf`);
  writeFileSync(file, pdf);
  run('pdftoppm', '-gray', '-r', '72', '-singlefile', file, join(folder, name));
  const bytes = readFileSync(join(folder, `${name}.pgm`));
  const header = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(bytes.subarray(0, 40).toString('latin1'))!;
  const width = Number(header[1]);
  const pixels = bytes.subarray(header[0].length);
  return {
    text: run('pdftotext', '-enc', 'UTF-8', file, '-'),
    dark(box: { x: number; y: number; width: number; height: number }) {
      let count = 0;
      for (let y = Math.ceil(box.y); y < box.y + box.height; y++)
        for (let x = Math.ceil(box.x); x < box.x + box.width; x++)
          if (pixels[y * width + x]! < 240) count++;
      return count;
    },
  };
}

describe.each([['SQLite'], ['PostgreSQL']] as const)('on %s', (engine) => {
  let server: TestServer;
  let admin: TestSession;

  beforeAll(async () => {
    let env: Record<string, string> = {};
    if (engine === 'PostgreSQL') {
      const database = await createTempPostgres();
      databases.push(database);
      env = { DATABASE_URL: database.url };
    }
    server = await startTestServer(env);
    admin = await startSession(server.app.db.kysely);
  }, 60_000);
  afterAll(async () => {
    await server?.close();
  });

  const asAdmin = (path: string, init: RequestInit & { json?: unknown } = {}) =>
    server.request(path, { ...init, headers: { cookie: admin.cookie, ...init.headers } });
  const sendSignature = (body: Buffer, type = 'image/png') =>
    asAdmin(api.adminCertificateSignature, {
      method: 'POST',
      headers: { 'content-type': type },
      body: new Uint8Array(body),
    });
  const images = async () =>
    Number(
      (
        await server.app.db.kysely
          .selectFrom('event_images')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('refuses in pt-BR what is no PNG, or a PNG over 500 KB, storing nothing', async () => {
    const before = await images();
    const jpeg = await sharp(await signaturePng())
      .jpeg()
      .toBuffer();
    for (const [body, type] of [
      [jpeg, 'image/png'],
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'image/png'],
      [Buffer.concat([(await signaturePng()).subarray(0, 8), randomBytes(200)]), 'image/png'],
    ] as const) {
      const response = await sendSignature(body, type);
      expect(response.status).toBe(415);
      expect(await response.json()).toEqual({
        error: {
          code: errorTable.signatureNotPng.code,
          message: 'Envie a assinatura como imagem PNG.',
        },
      });
    }
    const heavy = await noisePng(400, 400);
    expect(heavy.length).toBeGreaterThan(500 * 1024);
    const tooLarge = await sendSignature(heavy);
    expect(tooLarge.status).toBe(413);
    expect(await tooLarge.json()).toEqual({
      error: {
        code: errorTable.signatureTooLarge.code,
        message: 'A imagem da assinatura deve ter no máximo 500 KB.',
      },
    });
    expect(await images()).toBe(before);
    const anonymous = await server.request(api.adminCertificateSignature, {
      method: 'POST',
      headers: { 'content-type': 'image/png' },
      body: new Uint8Array(await signaturePng()),
    });
    expect(anonymous.status).toBe(401);
  });

  it('prints the signatures above their lines and the logo, in a PDF of at most 300 KB made the same each time', async () => {
    const settings = await certificatesOn(server, admin.cookie);
    const stored = await sendSignature(await signaturePng());
    expect(stored.status).toBe(201);
    const first = (await stored.json()) as { url: string; width: number; height: number };
    expect(first.url).toMatch(/^\/imagens\/[0-9a-f]{32}\.png$/);
    // At most the size it prints at (2.5 pixels a point), its proportions kept.
    expect(first).toMatchObject({ width: 360, height: 120 });
    const served = await server.request(first.url);
    expect(served.headers.get('content-type')).toBe('image/png');
    // The heaviest PNG allowed, random pixels, as the second signer's.
    const heavy = await noisePng(250, 480);
    expect(heavy.length).toBeLessThanOrEqual(500 * 1024);
    const second = (await (await sendSignature(heavy)).json()) as typeof first;
    const logo = await asAdmin(api.adminEventLogo, {
      method: 'PUT',
      headers: { 'content-type': 'image/jpeg' },
      body: new Uint8Array(
        await sharp(randomBytes(480 * 200 * 3), { raw: { width: 480, height: 200, channels: 3 } })
          .jpeg({ quality: 95 })
          .toBuffer(),
      ),
    });
    expect(logo.status).toBe(200);
    const current = (await (await asAdmin(api.adminEvent)).json()) as EventSettings;
    const saved = await asAdmin(api.adminEvent, {
      method: 'PUT',
      json: {
        ...current,
        certificate: {
          ...settings.certificate,
          signers: [
            { name: 'Zoë Façanha', role: 'Coordenação', image: first },
            { name: 'João Ñandú', role: 'Organização', image: second },
          ],
        },
      },
    });
    expect(saved.status).toBe(200);
    const person = await registerConfirmed(server, admin.cookie, {
      nome_completo: 'Conceição Araújo',
    });
    expect(
      (await asAdmin(withId(api.adminRegistrationCertificate, person.id), { method: 'POST' }))
        .status,
    ).toBe(201);

    const download = async () => {
      const response = await asAdmin(withId(api.adminRegistrationCertificate, person.id));
      expect(response.status).toBe(200);
      return Buffer.from(await response.arrayBuffer());
    };
    const pdf = await download();
    expect((await download()).equals(pdf)).toBe(true);
    expect(pdf.length).toBeLessThanOrEqual(300 * 1024);

    const page = inkIn(pdf, `signed-${engine}`);
    expect(page.text).toContain('Conceição Araújo');
    expect(page.text).toContain('Zoë Façanha');
    const [left, right] = signerSpots(2).map((x) => signatureBox(x));
    expect(page.dark(left!)).toBeGreaterThan(200);
    expect(page.dark(right!)).toBeGreaterThan(200);
    expect(page.dark(certificateLayout.pictures.logo)).toBeGreaterThan(500);

    // Without the pictures, those boxes are blank paper.
    await asAdmin(api.adminEventLogo, { method: 'DELETE' });
    const plain = await asAdmin(api.adminEvent);
    const plainSettings = (await plain.json()) as EventSettings;
    await asAdmin(api.adminEvent, {
      method: 'PUT',
      json: {
        ...plainSettings,
        certificate: {
          ...plainSettings.certificate,
          signers: plainSettings.certificate.signers.map(({ name, role }) => ({ name, role })),
        },
      },
    });
    const blank = inkIn(await download(), `plain-${engine}`);
    expect(blank.dark(left!)).toBe(0);
    expect(blank.dark(right!)).toBe(0);
    expect(blank.dark(certificateLayout.pictures.logo)).toBe(0);
  });
});
