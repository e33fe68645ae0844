// 'Resultados' shows the organizer what the reminders did (issue 35.5): before the event, how many
// were reminded, how many confirmed said 'Vou comparecer', how many cancelled after a reminder and
// how many seats that passed to the waiting list; after it, attendance of those who said yes
// against those who said nothing. Chromium against the real server, its SQLite file and a real
// SMTP server; the answers given on the person's own page, as the reminder e-mail's links lead.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { EventSettings } from '../src/shared/event-settings.schema.ts';
import { api, attendeeAttend, attendeeCancel, paths, withCode } from '../src/shared/paths.ts';
import type { Registration } from '../src/shared/registration.schema.ts';
import { postCheckIn } from '#test/api/door.ts';
import { eventStartingAt } from '#test/api/event-day.ts';
import { eventAfterReminder, justAfter } from '#test/api/reminders.ts';
import { startSession, type TestSession } from '#test/api/sessions.ts';
import { card, signIn } from '#test/browser/admin-panel.ts';
import { axeViolations, launchBrowser, type TestBrowser } from '#test/browser/browser.ts';
import { startAppServer } from '#test/servers/app-server.ts';
import { register, type TestServer } from '#test/servers/test-server.ts';
import { sendingEnv } from '#test/stand-ins/graph-api.ts';
import { startTestSmtp, type TestSmtp } from '#test/stand-ins/smtp.ts';
import { queueDueReminders } from '../src/server/reminders/reminders.job.ts';

let smtp: TestSmtp;
let server: TestServer;
let browser: TestBrowser;
let session: TestSession;

beforeAll(async () => {
  smtp = await startTestSmtp();
  server = await startAppServer(sendingEnv({ smtp: smtp.url }));
  browser = await launchBrowser();
  session = await startSession(server.app.db.kysely);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await smtp?.close();
});

async function tokenOf(person: Registration): Promise<string> {
  const row = await server.app.db.kysely
    .selectFrom('registrations')
    .select('personal_token')
    .where('id', '=', person.id)
    .executeTakeFirstOrThrow();
  return row.personal_token!;
}

/** The person posts a step's form on their own page (the e-mail's links lead there). */
async function answer(person: Registration, step: string) {
  const response = await server.request(withCode(step, await tokenOf(person)), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: '',
    redirect: 'manual',
  });
  expect(response.status).toBe(303);
}

/** The section's figures as a person reads them: [label, value]. */
async function figures(page: Page): Promise<string[][]> {
  const section = page.getByRole('region', { name: 'Lembretes' });
  await section.locator('dd').first().waitFor();
  return section
    .locator('dl > div')
    .evaluateAll((items) =>
      items.map((item) => [
        item.querySelector('dt')?.textContent?.trim() ?? '',
        item.querySelector('dd')?.textContent?.trim() ?? '',
      ]),
    );
}

async function byAnswer(page: Page): Promise<string[][]> {
  const table = page.getByRole('table', { name: 'Comparecimento por resposta' });
  await table.waitFor();
  return table
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows.map((row) =>
        [...row.querySelectorAll('th, td')].map((cell) => cell.textContent?.trim() ?? ''),
      ),
    );
}

it('says before the event what the reminders did, and after it who came by answer', async () => {
  const { startsAt } = await eventAfterReminder(server, session.cookie, 24, [24], {
    capacity: 3,
    admission: 'automatic',
  });
  const [ana, bruno, carla] = [
    await register(server, { nome_completo: 'Ana Conceição', email: 'ana@exemplo.com' }),
    await register(server, { nome_completo: 'Bruno Araújo', email: 'bruno@exemplo.com' }),
    await register(server, { nome_completo: 'Carla Sá', email: 'carla@exemplo.com' }),
  ];
  const dora = await register(server, { nome_completo: 'Dora Ñandú', email: 'dora@exemplo.com' });
  expect([ana, bruno, carla].map((r) => r!.status)).toEqual([
    'confirmed',
    'confirmed',
    'confirmed',
  ]);
  expect(dora.status).toBe('waitlisted');
  await queueDueReminders(server.app, justAfter(startsAt, 24));
  // Ana will come; Bruno cannot, and his seat goes to Dora.
  await answer(ana!, attendeeAttend);
  await answer(bruno!, attendeeCancel);

  const page = await browser.newPage();
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, server, session);
  // The list: Ana's card says she confirmed; Carla's, who said nothing, does not.
  await page.goto(`${server.url}${paths.admin}`);
  await expect
    .poll(() => card(page, 'Ana Conceição').textContent())
    .toContain('Confirmou presença');
  expect(await card(page, 'Carla Sá').textContent()).not.toContain('Confirmou presença');
  expect(await axeViolations(page)).toEqual([]);
  await page.goto(`${server.url}${paths.admin}#resultados`);
  await expect
    .poll(() => figures(page))
    .toEqual([
      ['Receberam lembrete', '3 pessoas'],
      ['Confirmados que responderam “Vou comparecer”', '1 pessoa'],
      ['Cancelaram depois de um lembrete', '1 pessoa'],
      ['Vagas passadas para a lista de espera por esses cancelamentos', '1 pessoa'],
    ]);
  expect(await page.getByRole('region', { name: 'Lembretes' }).textContent()).toContain(
    'Depois do evento',
  );
  expect(await axeViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 360, height: 800 });
  expect(await axeViolations(page)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(
    true,
  );

  // The event happened (two hours ago, for one hour): Ana and Carla came.
  const saved = await eventStartingAt(server, session.cookie, Date.now() - 2 * 60 * 60_000);
  const shorter = await server.request(api.adminEvent, {
    method: 'PUT',
    headers: { cookie: session.cookie },
    json: { ...saved, durationMinutes: 60 } satisfies EventSettings,
  });
  expect(shorter.status).toBe(200);
  for (const person of [ana!, carla!]) {
    const code = (await server
      .request(api.adminRegistrations, {
        headers: { cookie: session.cookie },
      })
      .then((r) => r.json())) as Registration[];
    const ticket = code.find((r) => r.id === person.id)!.ticket_code!;
    expect((await postCheckIn(server, session.cookie, { code: ticket })).status).toBe(200);
  }
  await page.reload();
  // Said yes: Ana, who came; said nothing: Carla, who came, and Dora, who did not.
  await expect
    .poll(() => byAnswer(page))
    .toEqual([
      ['Disseram “Vou comparecer”', '1', '1'],
      ['Não responderam', '2', '1'],
    ]);
  expect(await axeViolations(page)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(
    true,
  );
  await page.setViewportSize({ width: 1280, height: 900 });
  expect(await axeViolations(page)).toEqual([]);
  await page.close();
  expect(browser.problems).toEqual([]);
});
