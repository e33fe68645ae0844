// Shared steps of the check-in screen's browser tests: door and admin sessions made in the
// database, confirmed registrations with real tickets, and the fake camera's video made with ffmpeg
// from the real ticket pages' QR codes.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { api, paths, ticketPage, withCode, withId } from '../../src/shared/paths.ts';
import type { Registration } from '../../src/shared/registration.schema.ts';
import { startSession, type TestSession } from '../api/sessions.ts';
import type { TestServer } from '../servers/test-server.ts';
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

/** Another door phone checks in this ticket through the API; resolves with that door's session. */
export async function checkInElsewhere(server: TestServer, code: string): Promise<TestSession> {
  const door = await startSession(server.app.db.kysely, { role: 'door' });
  const response = await server.request(api.doorCheckIns, {
    method: 'POST',
    headers: { cookie: door.cookie, 'idempotency-key': crypto.randomUUID() },
    json: { code },
  });
  expect(response.status).toBe(200);
  return door;
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
      images.push(await page.getByRole('img', { name: 'QR code do ingresso' }).screenshot());
    }
    return images;
  } finally {
    await browser.close();
  }
}

/** The folders of the videos made so far: tens of MB each, in /dev/shm (memory) where it exists. */
const videoFolders: string[] = [];

/** Removes the videos this process made: a file's afterAll, once its browsers are closed. */
export function removeCameraVideos(): void {
  for (const dir of videoFolders.splice(0)) rmSync(dir, { recursive: true, force: true });
}

/**
 * A fake camera's video (Y4M, 640×480): each image for `qrSeconds`, then a blank frame for
 * `blankSeconds`. Chromium loops a .y4m file (not a .mjpeg one: it stops on its last frame), and the
 * blank lets the same ticket be scanned again. `file`: where to put it; written beside it and
 * renamed over it, so a browser that reads it (on its next getUserMedia) never sees half a file.
 */
export function cameraVideo(
  images: readonly Buffer[],
  { qrSeconds = 1, blankSeconds = 1, fps = 10, file = '' } = {},
): string {
  const dir = mkdtempSync(join(tmpdir(), 'inscricoes-camera-'));
  videoFolders.push(dir);
  const inputs: string[] = [];
  const filters: string[] = [];
  let n = 0;
  const blank = (seconds: number) => {
    inputs.push('-f', 'lavfi', '-t', String(seconds), '-i', `color=c=white:s=640x480:r=${fps}`);
    filters.push(`[${n}:v]format=yuv420p,setsar=1[v${n}]`);
    n += 1;
  };
  images.forEach((image, i) => {
    const png = join(dir, `qr${i}.png`);
    writeFileSync(png, image);
    inputs.push('-loop', '1', '-framerate', String(fps), '-t', String(qrSeconds), '-i', png);
    filters.push(
      `[${n}:v]scale=360:360:flags=neighbor,pad=640:480:(ow-iw)/2:(oh-ih)/2:white,format=yuv420p,setsar=1[v${n}]`,
    );
    n += 1;
    blank(blankSeconds);
  });
  if (images.length === 0) blank(1);
  const concat = `${Array.from({ length: n }, (_, k) => `[v${k}]`).join('')}concat=n=${n}:v=1:a=0[out]`;
  const written = join(dir, 'camera.y4m');
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
    '-pix_fmt',
    'yuv420p',
    '-f',
    'yuv4mpegpipe',
    written,
  ]);
  if (!file) return written;
  renameSync(written, file);
  return file;
}

/** The verdict region of the screen. */
export function verdict(page: Page) {
  return page.getByRole('region', { name: 'Resultado da leitura' });
}
