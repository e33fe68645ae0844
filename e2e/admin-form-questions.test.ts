// 'Evento' → 'Formulário' in the panel (issue 34.1, 34.2, 34.5, 34.7), in Chromium against the
// real server and its SQLite file: an organizer adjusts the original's questions, adds five of
// their own of different kinds, reorders them by keyboard alone (the focus staying on the moved
// question's button), sees them in the live preview, saves, and the public form asks them in that
// order; removing a question or an option people answered asks first with how many did; a kind
// change on an answered question shows the server's refusal at the field. Axe clean at 1280 px
// and 360 px.
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { questionMessages, type FormQuestion } from '../src/shared/form-questions.ts';
import { paths } from '../src/shared/paths.ts';
import { startSession, type TestSession } from '#test/api/sessions.ts';
import type { TestServer } from '#test/servers/test-server.ts';
import { startAppServer } from '#test/servers/app-server.ts';
import { axeViolations, launchBrowser, type TestBrowser } from '#test/browser/browser.ts';
import {
  animationsDone,
  openEventScreen,
  register,
  storedSettings,
} from '#test/browser/admin-panel.ts';
import { meetupQuestions, saveForm } from '#test/builders/form-questions.ts';

let server: TestServer;
let desktop: TestBrowser;
let phone: TestBrowser;
let session: TestSession;

beforeAll(async () => {
  server = await startAppServer();
  desktop = await launchBrowser({ viewport: { width: 1280, height: 900 } });
  phone = await launchBrowser({ viewport: { width: 360, height: 740 } });
  session = await startSession(server.app.db.kysely);
});

afterAll(async () => {
  await desktop?.close();
  await phone?.close();
  await server?.close();
});

beforeEach(async () => {
  await server.app.db.kysely.deleteFrom('registrations').execute();
});

/** The organizer's questions' list, and its n-th question (from 0). */
const ownQuestions = (page: Page) =>
  page.getByRole('group', { name: 'Perguntas do organizador', exact: true });
const editor = (page: Page, n: number) => ownQuestions(page).locator(':scope > ol > li').nth(n);

const focusedName = (page: Page) =>
  page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '');

/** Presses Tab (or Shift+Tab) until `target` has the focus, as a keyboard user moves. */
async function tabTo(page: Page, target: Locator, key = 'Tab') {
  for (let step = 0; step < 40; step++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press(key);
  }
  throw new Error('never reached by the keyboard');
}

/** Adds a question through the section: its words typed where the focus lands, then its kind. */
async function addQuestion(
  page: Page,
  n: number,
  question: { label: string; kind: FormQuestion['kind']; options?: string[]; required?: boolean },
) {
  await page.getByRole('button', { name: 'Acrescentar pergunta' }).click();
  const label = editor(page, n).getByLabel('Pergunta', { exact: true });
  await expect.poll(() => label.evaluate((e) => e === document.activeElement)).toBe(true);
  await page.keyboard.type(question.label);
  await editor(page, n).getByLabel('Tipo de resposta').selectOption(question.kind);
  const options = question.options ?? [];
  for (const [index, option] of options.entries()) {
    if (index >= 2)
      await editor(page, n).getByRole('button', { name: 'Acrescentar opção' }).click();
    await editor(page, n)
      .getByRole('textbox', { name: `Opção ${index + 1} de “${question.label}”` })
      .fill(option);
  }
  if (question.required) await editor(page, n).getByLabel('Resposta obrigatória').check();
}

/** The labels of `labels` in the order `text` names them. */
const inOrder = (text: string, labels: string[]) =>
  [...labels].sort((a, b) => text.indexOf(a) - text.indexOf(b));

it('adds five questions, reorders them by keyboard, previews and saves them in that order', async () => {
  const page = await openEventScreen(desktop, server, session);
  await page.getByRole('radio', { name: 'Opcional' }).check();
  await page.getByLabel('Perguntar: Quer levar alguém?').uncheck();
  await page.getByLabel('Texto da pergunta (Confirmação)').fill('Vai mesmo?');

  await addQuestion(page, 0, { label: 'Cargo', kind: 'text', required: true });
  await addQuestion(page, 1, {
    label: 'Tamanho da camiseta',
    kind: 'choice',
    options: ['P', 'M', 'G'],
  });
  await addQuestion(page, 2, {
    label: 'Temas de interesse',
    kind: 'choices',
    options: ['Frontend', 'Backend', 'Dados'],
  });
  await editor(page, 2).getByLabel('Máximo de escolhas').fill('2');
  await addQuestion(page, 3, { label: 'É sua primeira vez?', kind: 'yes_no', required: true });
  await addQuestion(page, 4, { label: 'Restrições alimentares', kind: 'long_text' });

  // By keyboard alone: from the last question's words back to its 'Subir', then Enter and Space.
  await editor(page, 4).getByLabel('Pergunta', { exact: true }).focus();
  const up = page.getByRole('button', { name: 'Subir “Restrições alimentares”' });
  await tabTo(page, up, 'Shift+Tab');
  for (const key of ['Enter', 'Space', 'Enter']) {
    await page.keyboard.press(key);
    expect(await focusedName(page)).toBe('Subir “Restrições alimentares”');
  }
  // At the top its 'Subir' is off: the focus stays on the question, on its 'Descer'.
  await page.keyboard.press('Enter');
  expect(await focusedName(page)).toBe('Descer “Restrições alimentares”');
  await page.getByText('“Restrições alimentares” agora é a pergunta 1 de 5.').waitFor();
  const order = [
    'Restrições alimentares',
    'Cargo',
    'Tamanho da camiseta',
    'Temas de interesse',
    'É sua primeira vez?',
  ];
  const preview = page.getByRole('region', { name: 'Prévia do formulário' });
  const previewText = (await preview.textContent()) ?? '';
  expect(inOrder(previewText, order)).toEqual(order);
  expect(previewText).toContain('Vai mesmo?');
  expect(previewText).not.toContain('Quer levar alguém?');
  expect(await preview.getByRole('radio', { name: 'M', exact: true }).count()).toBe(1);
  await animationsDone(page);
  expect(await axeViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'Salvar' }).click();
  await page.getByText('Evento salvo!').waitFor();
  const saved = await storedSettings(server, session);
  expect(saved.questions.map((q) => [q.label, q.kind])).toEqual([
    ['Restrições alimentares', 'long_text'],
    ['Cargo', 'text'],
    ['Tamanho da camiseta', 'choice'],
    ['Temas de interesse', 'choices'],
    ['É sua primeira vez?', 'yes_no'],
  ]);
  expect(saved.questions[3]!.max).toBe(2);
  expect(saved.fields).toEqual({
    nome_compania: 'optional',
    levar_alguem: 'hidden',
    confirmacao: 'shown',
  });

  // The public form asks them, in that order, in its server-rendered HTML.
  const html = (await (await server.request(paths.register)).text()).split('<form')[1]!;
  expect(inOrder(html, order)).toEqual(order);
  expect(html).toContain('Vai mesmo?');
  await page.close();
});

it('fits a 360 px phone with the preview, axe clean', async () => {
  await saveForm(server, session.cookie, { questions: meetupQuestions });
  const page = await openEventScreen(phone, server, session);
  await editor(page, 0).waitFor();
  // The keyboard moves a question here too.
  const down = page.getByRole('button', { name: 'Descer “Cargo”' });
  await down.focus();
  await page.keyboard.press('Enter');
  expect(await focusedName(page)).toBe('Descer “Cargo”');
  const widths = await page.evaluate(() => ({
    document: document.documentElement.scrollWidth,
    viewport: window.innerWidth,
  }));
  expect(widths.viewport).toBe(360);
  expect(widths.document).toBeLessThanOrEqual(360);
  await animationsDone(page);
  expect(await axeViolations(page)).toEqual([]);
  await page.close();
});

it('asks with the count before removing what people answered, then archives it', async () => {
  const { questions } = await saveForm(server, session.cookie, { questions: meetupQuestions });
  const [cargo, size, , first] = questions;
  for (const [name, option] of [
    ['Ana', 1],
    ['Bia', 1],
    ['Caio', 0],
  ] as const) {
    await register(server, {
      nome_completo: `${name} Respostas`,
      respostas: {
        [cargo!.id]: 'Dev',
        [size!.id]: size!.options[option]!.id,
        [first!.id]: true,
      },
    });
  }
  const page = await openEventScreen(desktop, server, session);

  // Nobody answered this one: it goes at once.
  await page
    .getByRole('button', { name: 'Remover “Restrições alimentares ou de acessibilidade”' })
    .click();
  await expect.poll(() => ownQuestions(page).locator(':scope > ol > li').count()).toBe(4);

  await page.getByRole('button', { name: 'Remover “Cargo”' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Retirar esta pergunta?' });
  await dialog.getByText('3 pessoas já responderam “Cargo”.').waitFor();
  expect(await axeViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Retirar' }).click();
  await expect.poll(() => focusedName(page)).toBe('');
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.textContent))
    .toBe('Acrescentar pergunta');

  await page.getByRole('button', { name: 'Remover “M”' }).click();
  const optionDialog = page.getByRole('alertdialog', { name: 'Retirar esta opção?' });
  await optionDialog.getByText('2 pessoas já escolheram “M”.').waitFor();
  await optionDialog.getByRole('button', { name: 'Retirar' }).click();

  await page.getByRole('button', { name: 'Salvar' }).click();
  await page.getByText('Evento salvo!').waitFor();
  const saved = await storedSettings(server, session);
  expect(saved.questions.map((q) => [q.label, q.archived])).toEqual([
    ['Cargo', true],
    ['Tamanho da camiseta', false],
    ['Temas de interesse', false],
    ['É sua primeira vez?', false],
  ]);
  expect(saved.questions[1]!.options.map((o) => [o.label, o.archived])).toEqual([
    ['P', false],
    ['M', true],
    ['G', false],
  ]);
  const html = (await (await server.request(paths.register)).text()).split('<form')[1]!;
  expect(html).not.toContain('>Cargo<');
  expect(html).toContain('Tamanho da camiseta');

  // The kind of an answered question cannot change: the server's reason, at the field.
  const kind = editor(page, 2).getByLabel('Tipo de resposta');
  await kind.selectOption('text');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect.poll(() => kind.getAttribute('aria-invalid')).toBe('true');
  await editor(page, 2).getByText(questionMessages.kindChanged('É sua primeira vez?')).waitFor();
  expect((await storedSettings(server, session)).questions[3]!.kind).toBe('yes_no');
  await animationsDone(page);
  expect(await axeViolations(page)).toEqual([]);
  await page.close();
});
