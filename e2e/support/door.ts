// Shared steps of the check-in screen's browser tests: door and admin sessions made in the
// database, confirmed registrations with real tickets, and the fake camera's video made with ffmpeg
// from the real ticket pages' QR codes.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { api, paths, ticketPage, withCode, withId } from '../../src/shared/paths.ts';
import type { Registration } from '../../src/shared/registration.schema.ts';
import { startSession, type TestSession } from '../../src/server/test-support/sessions.ts';
import type { TestServer } from '../../src/server/test-support/test-server.ts';
import { register, signIn } from './admin-panel.ts';
import { launchBrowser } from './browser.ts';

/** Opens the check-in screen signed in as a new door account; resolves once the list is shown. */
export async function openDoor(page: Page, server: TestServer, session?: TestSession) {
  const door = session ?? (await startSession(server.app.db.kysely, { role: 'door' }));
  await signIn(page, server, door);
  await page.goto(server.url + paths.door);
  await page.getByRole('heading', { level: 1, name: 'Portaria' }).waitFor();
  await page.getByLabel('Buscar por nome ou empresa').waitFor();
  return door;
}

/** A registration made through the public API and confirmed by an admin: it has its ticket. */
export async function confirmedRegistration(
  server: TestServer,
  overrides: Record<string, unknown> = {},
): Promise<Registration & { ticket_code: string }> {
  const registration = await register(server, overrides);
  const admin = await startSession(server.app.db.kysely);
  const response = await server.request(withId(api.adminConfirm, registration.id), {
    method: 'POST',
    headers: { cookie: admin.cookie },
  });
  expect(response.status).toBe(200);
  const confirmed = (await response.json()) as Registration;
  expect(confirmed.ticket_code).toEqual(expect.any(String));
  return confirmed as Registration & { ticket_code: string };
}

/** The stored check-in of one registration, as the database has it. */
export async function storedCheckIn(server: TestServer, id: string) {
  const row = await server.app.db.kysely
    .selectFrom('registrations')
    .select(['checked_in_at', 'checked_in_by'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return row;
}

/** PNG screenshots of the QR codes on the real ticket pages of these codes. */
export async function ticketQrImages(server: TestServer, codes: readonly string[]) {
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage();
    const images: Buffer[] = [];
    for (const code of codes) {
      await page.goto(server.url + withCode(ticketPage, code));
      images.push(
        await page
          .locator('svg')
          .filter({ has: page.locator('path') })
          .first()
          .screenshot(),
      );
    }
    return images;
  } finally {
    await browser.close();
  }
}

/**
 * A fake camera's video (Motion JPEG, 640×480): each image for `qrSeconds`, then a blank frame for
 * `blankSeconds`, looping in Chromium. The blank lets the same ticket be scanned again.
 */
export function cameraVideo(
  images: readonly Buffer[],
  { qrSeconds = 1, blankSeconds = 1, fps = 10 } = {},
): string {
  const dir = mkdtempSync(join(tmpdir(), 'inscricoes-camera-'));
  const inputs: string[] = [];
  const filters: string[] = [];
  let n = 0;
  images.forEach((image, i) => {
    const file = join(dir, `qr${i}.png`);
    writeFileSync(file, image);
    inputs.push('-loop', '1', '-framerate', String(fps), '-t', String(qrSeconds), '-i', file);
    filters.push(
      `[${n}:v]scale=360:360:flags=neighbor,pad=640:480:(ow-iw)/2:(oh-ih)/2:white,format=yuvj420p,setsar=1[v${n}]`,
    );
    n += 1;
    inputs.push(
      '-f',
      'lavfi',
      '-t',
      String(blankSeconds),
      '-i',
      `color=c=white:s=640x480:r=${fps}`,
    );
    filters.push(`[${n}:v]format=yuvj420p,setsar=1[v${n}]`);
    n += 1;
  });
  const concat = `${Array.from({ length: n }, (_, k) => `[v${k}]`).join('')}concat=n=${n}:v=1:a=0[out]`;
  const video = join(dir, 'camera.mjpeg');
  execFileSync('ffmpeg', [
    '-y',
    '-loglevel',
    'error',
    ...inputs,
    '-filter_complex',
    [...filters, concat].join(';'),
    '-map',
    '[out]',
    '-r',
    String(fps),
    '-c:v',
    'mjpeg',
    '-q:v',
    '3',
    '-f',
    'mjpeg',
    video,
  ]);
  return video;
}

/** A video of nothing but a white wall: the camera works, no ticket in view. */
export function blankCameraVideo(): string {
  const dir = mkdtempSync(join(tmpdir(), 'inscricoes-camera-'));
  const video = join(dir, 'blank.mjpeg');
  execFileSync('ffmpeg', [
    '-y',
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-t',
    '1',
    '-i',
    'color=c=white:s=640x480:r=10',
    '-c:v',
    'mjpeg',
    '-f',
    'mjpeg',
    video,
  ]);
  return video;
}

/** The verdict region of the screen. */
export function verdict(page: Page) {
  return page.getByRole('region', { name: 'Resultado da leitura' });
}
