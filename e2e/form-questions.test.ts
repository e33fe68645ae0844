// The organizer's questions on the public form (issue 34.1-34.3, 34.7), in Chromium on a 360 px
// phone, by keyboard alone, against the real server and its SQLite file: the server's HTML asks
// them, the shared schema's pt-BR messages land at each field with nothing typed lost, the
// server's own 400 (an option removed while the visitor chose it) lands at its field, and the
// answers are stored.
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { answerMessages, type FormQuestion } from '../src/shared/form-questions.ts';
import { paths } from '../src/shared/paths.ts';
import { startSession, type TestSession } from '#test/api/sessions.ts';
import type { TestServer } from '#test/servers/test-server.ts';
import { startAppServer } from '#test/servers/app-server.ts';
import {
  axeViolations,
  hydrated,
  launchBrowser,
  live,
  type TestBrowser,
} from '#test/browser/browser.ts';
import { toast, uniqueEmail } from '#test/browser/registration-form.ts';
import { cityQuestion, meetupQuestions, saveForm } from '#test/builders/form-questions.ts';

let server: TestServer;
let browser: TestBrowser;
let session: TestSession;
let questions: FormQuestion[];

beforeAll(async () => {
  server = await startAppServer();
  browser = await launchBrowser({ viewport: { width: 360, height: 740 } });
  session = await startSession(server.app.db.kysely);
  const saved = await saveForm(server, session.cookie, {
    fields: { nome_compania: 'optional', levar_alguem: 'hidden', confirmacao: 'shown' },
    fieldLabels: {
      nome_compania: { label: 'Empresa ou comunidade' },
      levar_alguem: { label: 'Quer levar alguém?', options: { sim: 'Sim', nao: 'Não' } },
      confirmacao: { label: 'Vai mesmo?', options: { ok: 'Vou sim', agenda: 'Está na agenda' } },
    },
    questions: [...meetupQuestions, cityQuestion],
  });
  questions = saved.questions;
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** Presses Tab until `target` has the focus, as a keyboard user moves through the form. */
async function tabTo(page: Page, target: Locator) {
  for (let step = 0; step < 40; step++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('never reached by Tab');
}

const byLabel = (label: string) => questions.find((question) => question.label === label)!;
const optionId = (label: string, option: string) =>
  byLabel(label).options.find((o) => o.label === option)!.id;

it('asks the questions in the HTML, checks them in pt-BR at each field, keeps what was typed', async () => {
  // The page's HTML (its form, not its JSON) asks them before any script.
  const html = (await (await server.request(paths.register)).text()).split('<form')[1]!;
  const asked = [
    '>Cargo<',
    '>Como aparece no seu crachá.<',
    '>Tamanho da camiseta<',
    '>Vai mesmo?<',
  ];
  expect(asked.filter((text) => !html.includes(text))).toEqual([]);
  expect(html.includes('Quer levar alguém?')).toBe(false);
  expect(html.includes(`name="respostas.${byLabel('Cidade').id}"`)).toBe(true);

  const page = await browser.newPage();
  await page.goto(server.url + paths.register);
  await page.keyboard.press('Tab');
  await hydrated(page);
  await tabTo(page, page.getByLabel('Nome completo'));
  await page.keyboard.type('Ana Recife');
  await tabTo(page, page.getByRole('textbox', { name: 'WhatsApp', exact: true }));
  await page.keyboard.type('(508) 555-1234');
  await tabTo(page, page.getByLabel('E-mail'));
  const email = uniqueEmail('perguntas');
  await page.keyboard.type(email);
  // The company is optional now; 'Cargo' (required) is left empty.
  await tabTo(page, page.getByRole('radio', { name: 'P', exact: true }));
  await page.keyboard.press('ArrowDown');
  const themes = page.getByRole('group', { name: 'Temas de interesse' });
  await tabTo(page, themes.getByRole('checkbox', { name: 'Frontend' }));
  await page.keyboard.press('Space');
  for (const name of ['Backend', 'Dados']) {
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space');
    expect(await themes.getByRole('checkbox', { name }).isChecked()).toBe(true);
  }
  await tabTo(page, page.getByLabel('Restrições alimentares ou de acessibilidade'));
  await page.keyboard.type('Vegetariana');
  await tabTo(page, page.getByLabel('Cidade'));
  await page.keyboard.type('Olinda');
  await tabTo(page, page.getByRole('button', { name: 'Confirmar Presença' }));
  await page.keyboard.press('Enter');

  await toast(page, 'Erro').waitFor();
  const cargo = page.getByRole('textbox', { name: 'Cargo' });
  await expect.poll(() => cargo.evaluate((e) => e === document.activeElement)).toBe(true);
  expect(await cargo.getAttribute('aria-invalid')).toBe('true');
  expect(await page.getByRole('group', { name: 'É sua primeira vez?' }).textContent()).toContain(
    answerMessages.yesOrNo,
  );
  expect(await themes.textContent()).toContain(answerMessages.tooMany(2));
  // Nothing typed or chosen was lost.
  expect(await page.getByRole('radio', { name: 'M', exact: true }).isChecked()).toBe(true);
  expect(await page.getByLabel('Restrições alimentares ou de acessibilidade').inputValue()).toBe(
    'Vegetariana',
  );
  expect(await page.getByLabel('Cidade').inputValue()).toBe(optionId('Cidade', 'Olinda'));
  expect(await axeViolations(page)).toEqual([]);
});

it("puts the server's 400 at its question's field, then stores the answers", async () => {
  const page = await browser.newPage();
  await page.goto(server.url + paths.register);
  await live(page);
  await page.getByLabel('Nome completo').fill('Bia Olinda');
  await page.getByRole('textbox', { name: 'WhatsApp', exact: true }).fill('(508) 555-1234');
  const email = uniqueEmail('perguntas');
  await page.getByLabel('E-mail').fill(email);
  const cargo = page.getByRole('textbox', { name: 'Cargo' });
  await cargo.fill('Desenvolvedora');
  await page.getByRole('radio', { name: 'M', exact: true }).check();
  const themes = page.getByRole('group', { name: 'Temas de interesse' });
  await themes.getByRole('checkbox', { name: 'Frontend' }).check();
  await themes.getByRole('checkbox', { name: 'Backend' }).check();
  await page.getByRole('radio', { name: 'Sim', exact: true }).check();
  await page.getByLabel('Restrições alimentares ou de acessibilidade').fill('Vegetariana');
  await page.getByLabel('Cidade').selectOption({ label: 'Olinda' });
  // The organizer takes 'M' out while the visitor had it chosen: the server's 400 names the field.
  const size = byLabel('Tamanho da camiseta');
  const kept = size.options.filter((option) => option.label !== 'M');
  await saveForm(server, session.cookie, {
    questions: questions.map((q) => (q.id === size.id ? { ...q, options: kept } : q)),
  });
  const submit = page.getByRole('button', { name: 'Confirmar Presença' });
  await submit.click();
  const sizeGroup = page.getByRole('group', { name: 'Tamanho da camiseta' });
  await expect.poll(() => sizeGroup.textContent()).toContain(answerMessages.notOffered);
  expect(await cargo.inputValue()).toBe('Desenvolvedora');

  await page.getByRole('radio', { name: 'G', exact: true }).check();
  await submit.click();
  await page.waitForURL((url) => url.pathname !== paths.register);
  const stored = await server.app.db.kysely
    .selectFrom('registrations')
    .selectAll()
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  expect(stored.nome_compania).toBe('');
  expect(JSON.parse(String((stored as Record<string, unknown>).respostas))).toEqual({
    [byLabel('Cargo').id]: 'Desenvolvedora',
    [size.id]: optionId('Tamanho da camiseta', 'G'),
    [byLabel('Temas de interesse').id]: [
      optionId('Temas de interesse', 'Frontend'),
      optionId('Temas de interesse', 'Backend'),
    ],
    [byLabel('É sua primeira vez?').id]: true,
    [byLabel('Restrições alimentares ou de acessibilidade').id]: 'Vegetariana',
    [byLabel('Cidade').id]: optionId('Cidade', 'Olinda'),
  });
  expect(browser.problems.filter((p) => !/status of 400/.test(p))).toEqual([]);
});
