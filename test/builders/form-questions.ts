// A meetup's form as an organizer sets it up (issue 34): the original's fields adjusted and
// questions of every kind, saved through PUT /api/admin/event as the panel saves them.
import { expect } from 'vitest';
import type { EventSettings } from '../../src/shared/event-settings.schema.ts';
import type { FormQuestion } from '../../src/shared/form-questions.ts';
import { api } from '../../src/shared/paths.ts';
import type { TestServer } from '../servers/test-server.ts';

type NewQuestion = Omit<Partial<FormQuestion>, 'options'> &
  Pick<FormQuestion, 'kind' | 'label'> & { options?: string[] };

/** Questions as an organizer writes them: options by their labels, ids left to the server. */
export function questionsOf(questions: NewQuestion[]) {
  return questions.map(({ options = [], ...question }) => ({
    help: '',
    required: false,
    max: null,
    ...question,
    options: options.map((label) => ({ label })),
  }));
}

/** Five questions a developer meetup asks, one of each kind. */
export const meetupQuestions = questionsOf([
  { kind: 'text', label: 'Cargo', help: 'Como aparece no seu crachá.', required: true },
  { kind: 'choice', label: 'Tamanho da camiseta', options: ['P', 'M', 'G'], required: true },
  {
    kind: 'choices',
    label: 'Temas de interesse',
    options: ['Frontend', 'Backend', 'Dados', 'Segurança'],
    max: 2,
  },
  { kind: 'yes_no', label: 'É sua primeira vez?', required: true },
  { kind: 'long_text', label: 'Restrições alimentares ou de acessibilidade' },
]);

/** A `choice` with more options than radio buttons fit: a select. */
export const cityQuestion = questionsOf([
  {
    kind: 'choice',
    label: 'Cidade',
    options: ['Recife', 'Olinda', 'Jaboatão', 'Paulista', 'Caruaru', 'Petrolina', 'Outra'],
  },
])[0]!;

/** Saves `changes` over the current edition's settings; resolves with the settings saved. */
export async function saveForm(
  server: TestServer,
  adminCookie: string,
  changes: Partial<Record<keyof EventSettings, unknown>>,
): Promise<EventSettings> {
  const read = await server.request(api.adminEvent, { headers: { cookie: adminCookie } });
  const settings = (await read.json()) as EventSettings;
  const response = await server.request(api.adminEvent, {
    method: 'PUT',
    headers: { cookie: adminCookie },
    json: { ...settings, ...changes },
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as EventSettings;
}
