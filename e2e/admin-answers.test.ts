// The answers to the organizer's questions where the organizer looks (issue 34.4, 34.7): each
// card lists them under the original's fields, in the organizer's words, in Chromium against the
// real server and its SQLite file.
import { expect, it } from 'vitest';
import { startSession } from '#test/api/sessions.ts';
import { animationsDone, card, openPanel, register } from '#test/browser/admin-panel.ts';
import { axeViolations } from '#test/browser/browser.ts';
import { panelTestBed } from '#test/browser/panel-test-bed.ts';
import { meetupQuestions, saveForm } from '#test/builders/form-questions.ts';

const bed = panelTestBed();

it("lists a person's answers on the card under the original's fields", async () => {
  const session = await startSession(bed.server.app.db.kysely);
  const { questions } = await saveForm(bed.server, session.cookie, { questions: meetupQuestions });
  const [cargo, size, themes, first] = questions;
  await register(bed.server, {
    nome_completo: 'Ana Respostas',
    respostas: {
      [cargo!.id]: 'Desenvolvedora',
      [size!.id]: size!.options[1]!.id,
      [themes!.id]: [themes!.options[0]!.id, themes!.options[3]!.id],
      [first!.id]: false,
    },
  });
  const { page } = await bed.newPage();
  await openPanel(page, bed.server);
  const details = card(page, 'Ana Respostas').locator('dl');
  await details.waitFor();
  const pairs = await details.evaluate((dl) =>
    [...dl.querySelectorAll('dt')].map(
      (dt) => `${dt.textContent}: ${dt.nextElementSibling?.textContent}`,
    ),
  );
  const company = pairs.findIndex((pair) => pair.startsWith('Empresa'));
  expect(pairs.slice(company + 3, company + 7)).toEqual([
    'Cargo: Desenvolvedora',
    'Tamanho da camiseta: M',
    'Temas de interesse: Frontend; Segurança',
    'É sua primeira vez?: Não',
  ]);
  await animationsDone(page);
  expect(await axeViolations(page)).toEqual([]);
});
