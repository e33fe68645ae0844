// 'Lembretes' in the panel's 'Evento' screen (issue 35.1): in Chromium against the real server and
// its SQLite file, the organizer adds a reminder, types an hour out of range and gets the pt-BR
// message at the field with what they typed kept and nothing saved, fixes it and saves.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { reminderMessages } from '../src/shared/reminder-settings.ts';
import { startSession, type TestSession } from '#test/api/sessions.ts';
import type { TestServer } from '#test/servers/test-server.ts';
import { startAppServer } from '#test/servers/app-server.ts';
import { axeViolations, launchBrowser, type TestBrowser } from '#test/browser/browser.ts';
import {
  animationsDone,
  openEventScreen as openEventScreenOf,
  storedSettings as storedSettingsOf,
} from '#test/browser/admin-panel.ts';

let server: TestServer;
let browser: TestBrowser;
let session: TestSession;

beforeAll(async () => {
  server = await startAppServer();
  browser = await launchBrowser();
  session = await startSession(server.app.db.kysely);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

it('adds a reminder, names a wrong hour at the field keeping it, and saves once fixed', async () => {
  const page = await openEventScreenOf(browser, server, session);
  const first = page.getByLabel('Lembrete 1: horas antes do início', { exact: true });
  expect(await first.inputValue()).toBe('24');
  await page.getByRole('button', { name: 'Adicionar lembrete' }).click();
  const second = page.getByLabel('Lembrete 2: horas antes do início', { exact: true });
  await second.fill('200');
  await page.getByRole('button', { name: 'Salvar' }).click();

  await expect.poll(() => second.getAttribute('aria-invalid')).toBe('true');
  expect(await page.getByText(reminderMessages.hoursBefore).count()).toBe(1);
  expect(await second.inputValue()).toBe('200');
  expect((await storedSettingsOf(server, session)).reminders).toEqual([{ hoursBefore: 24 }]);
  await animationsDone(page);
  expect(await axeViolations(page)).toEqual([]);

  await second.fill('2');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await page.getByText('Evento salvo!').waitFor();
  expect((await storedSettingsOf(server, session)).reminders).toEqual([
    { hoursBefore: 24 },
    { hoursBefore: 2 },
  ]);
  await page.getByRole('button', { name: 'Remover lembrete 1' }).click();
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect
    .poll(async () => (await storedSettingsOf(server, session)).reminders)
    .toEqual([{ hoursBefore: 2 }]);
});
