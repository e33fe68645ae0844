// The organizer's questions through the API (issue 34), on a real server over HTTP, on SQLite and
// on PostgreSQL: every kind answered and stored, every wrong answer refused at `respostas.<id>`
// with nothing stored, the original's fields asked as `fields` says, and a save of the questions
// over answers given (labels and new options change nothing, removed ones are archived with their
// answers kept, a kind never changes once answered).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventSettingsSchema, type EventSettings } from '../../shared/event-settings.schema.ts';
import { api } from '../../shared/paths.ts';
import { validRegistration } from '#test/builders/registrations.ts';
import { createTempPostgres, type TempPostgres } from '#test/databases/temp-postgres.ts';
import { startSession, type TestSession } from '#test/api/sessions.ts';
import { countRegistrations, startTestServer, type TestServer } from '#test/servers/test-server.ts';

const databases: TempPostgres[] = [];
afterAll(async () => {
  await Promise.all(databases.map((database) => database.drop()));
});

const questions = [
  { id: 'cargo', kind: 'text', label: 'Cargo', required: true },
  { id: 'bio', kind: 'long_text', label: 'Conte sobre você', help: 'Opcional.' },
  {
    id: 'tamanho',
    kind: 'choice',
    label: 'Tamanho',
    required: true,
    options: [
      { id: 'p', label: 'P' },
      { id: 'm', label: 'M' },
    ],
  },
  {
    id: 'temas',
    kind: 'choices',
    label: 'Temas',
    max: 2,
    options: [{ label: 'Web' }, { label: 'Dados' }, { label: 'IA' }],
  },
  { id: 'veg', kind: 'yes_no', label: 'Vegetariano?' },
];

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
  });
  afterAll(async () => {
    await server?.close();
  });

  const asAdmin = (path: string, init: RequestInit & { json?: unknown } = {}) =>
    server.request(path, { ...init, headers: { cookie: admin.cookie, ...init.headers } });

  async function settings(): Promise<EventSettings> {
    return eventSettingsSchema.parse(await (await asAdmin(api.adminEvent)).json());
  }

  async function save(change: Partial<EventSettings> | Record<string, unknown>) {
    return asAdmin(api.adminEvent, { method: 'PUT', json: { ...(await settings()), ...change } });
  }

  const post = (body: Record<string, unknown>) =>
    server.request(api.registrations, { method: 'POST', json: validRegistration(body) });

  async function storedAnswers(id: string): Promise<unknown> {
    const row = await server.app.db.kysely
      .selectFrom('registrations')
      .select(['respostas', 'nome_compania', 'levar_alguem', 'confirmacao'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    return { ...row, respostas: row.respostas === null ? null : JSON.parse(row.respostas) };
  }

  async function answerCounts() {
    const response = await asAdmin(api.adminEventAnswers);
    expect(response.status).toBe(200);
    return ((await response.json()) as { questions: { id: string; answered: number }[] }).questions;
  }

  it('gives new options their ids, and stores and serves an answer of every kind', async () => {
    expect((await save({ questions })).status).toBe(200);
    const saved = await settings();
    const [web, , ia] = saved.questions[3]!.options;
    expect(web!.id).toMatch(/^[a-z0-9]{10}$/);
    expect(saved.questions.map((question) => question.id)).toEqual(questions.map((q) => q.id));

    const respostas = {
      cargo: ' Desenvolvedora ',
      bio: 'Linha 1\r\nLinha 2',
      tamanho: 'm',
      temas: [web!.id, ia!.id],
      veg: false,
    };
    const response = await post({ respostas });
    expect(response.status).toBe(201);
    const created = await response.json();
    const clean = { ...respostas, cargo: 'Desenvolvedora', bio: 'Linha 1\nLinha 2' };
    expect(created.respostas).toEqual(clean);
    expect(await storedAnswers(created.id)).toMatchObject({ respostas: clean });

    const list = await (await asAdmin(api.adminRegistrations)).json();
    expect(list.find((row: { id: string }) => row.id === created.id).respostas).toEqual(clean);
  });

  it('refuses every wrong answer at respostas.<id> in pt-BR, storing nothing', async () => {
    const before = await countRegistrations(server);
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{}, { 'respostas.cargo': 'Campo obrigatório.', 'respostas.tamanho': 'Escolha uma opção.' }],
      [
        { cargo: 'x'.repeat(201), tamanho: 'g', outra: 'sim' },
        {
          'respostas.cargo': 'Resposta longa demais: até 200 caracteres.',
          'respostas.tamanho': 'Escolha uma das opções oferecidas.',
          'respostas.outra': 'Esta pergunta não está no formulário.',
        },
      ],
      [
        { cargo: 'a', tamanho: 'p', bio: 'y'.repeat(2001), temas: 'web', veg: 'sim' },
        {
          'respostas.bio': 'Resposta longa demais: até 2.000 caracteres.',
          'respostas.temas': 'Envie as opções escolhidas como uma lista.',
          'respostas.veg': 'Envie true (Sim) ou false (Não).',
        },
      ],
    ];
    for (const [respostas, fields] of cases) {
      const response = await post({ respostas });
      expect(response.status).toBe(400);
      expect((await response.json()).error).toEqual({
        code: 'validation',
        message: 'Confira os campos destacados.',
        fields,
      });
    }
    const temas = (await settings()).questions[3]!.options.map((option) => option.id);
    const tooMany = await post({ respostas: { cargo: 'a', tamanho: 'p', temas } });
    expect((await tooMany.json()).error.fields).toEqual({
      'respostas.temas': 'Escolha no máximo 2 opções.',
    });
    expect(await countRegistrations(server)).toBe(before);
  });

  it('asks the original fields as `fields` says, storing nothing for a hidden one', async () => {
    const answers = { respostas: { cargo: 'a', tamanho: 'p' } };
    const fieldsOf = (nome_compania: string, shown: string) => ({
      fields: { nome_compania, levar_alguem: shown, confirmacao: shown },
    });
    expect((await save(fieldsOf('optional', 'shown'))).status).toBe(200);
    const optional = await post({ ...answers, nome_compania: undefined });
    expect(optional.status).toBe(201);
    expect(await storedAnswers((await optional.json()).id)).toMatchObject({ nome_compania: '' });

    expect((await save(fieldsOf('hidden', 'hidden'))).status).toBe(200);
    const hidden = await post({ ...answers, nome_compania: 'Acme', levar_alguem: 'sim' });
    expect(hidden.status).toBe(201);
    expect(await storedAnswers((await hidden.json()).id)).toMatchObject({
      nome_compania: '',
      levar_alguem: null,
      confirmacao: null,
    });

    expect((await save(fieldsOf('required', 'shown'))).status).toBe(200);
    const required = await post({ ...answers, nome_compania: ' ' });
    expect((await required.json()).error.fields).toEqual({ nome_compania: 'Campo obrigatório.' });
  });

  it('keeps answers through label edits and new options, archives what was removed', async () => {
    const before = await settings();
    const [cargo, bio, tamanho] = before.questions;
    const answered = await post({ respostas: { cargo: 'Dev', tamanho: 'p', veg: true } });
    const { id } = await answered.json();
    const counts = await answerCounts();
    expect(counts.find((count) => count.id === 'tamanho')).toMatchObject({
      options: { p: expect.any(Number), m: expect.any(Number) },
    });
    expect(counts.find((count) => count.id === 'bio')!.answered).toBe(1);

    // Edited label, new option, option 'p' (answered) and question 'veg' (answered) and 'temas'
    // (answered once, above) left out, 'bio' moved after 'cargo'.
    const edited = [
      { ...cargo!, label: 'Cargo atual' },
      bio!,
      { ...tamanho!, options: [tamanho!.options[1]!, { label: 'G' }, { label: 'GG' }] },
    ];
    expect((await save({ questions: edited })).status).toBe(200);
    const after = (await settings()).questions;
    expect(after.map((q) => [q.id, q.archived])).toEqual([
      ['cargo', false],
      ['bio', false],
      ['tamanho', false],
      ['temas', true],
      ['veg', true],
    ]);
    expect(after[2]!.options.map((o) => [o.label, o.archived])).toEqual([
      ['M', false],
      ['G', false],
      ['GG', false],
      ['P', true],
    ]);
    expect(after[0]!.label).toBe('Cargo atual');
    expect(await storedAnswers(id)).toMatchObject({
      respostas: { cargo: 'Dev', tamanho: 'p', veg: true },
    });

    // No longer asked: answering them is refused; the form goes on without them.
    const archived = await post({ respostas: { cargo: 'a', tamanho: 'p', veg: true } });
    expect((await archived.json()).error.fields).toEqual({
      'respostas.tamanho': 'Escolha uma das opções oferecidas.',
      'respostas.veg': 'Esta pergunta não está no formulário.',
    });
  });

  it('refuses a kind changed after answers with the reason, and drops what nobody answered', async () => {
    const current = (await settings()).questions;
    const changed = current.map((q) => (q.id === 'cargo' ? { ...q, kind: 'long_text' } : q));
    const refused = await save({ questions: changed });
    expect(refused.status).toBe(400);
    expect((await refused.json()).error.fields).toEqual({
      'questions.0.kind':
        'A pergunta “Cargo atual” já tem respostas: o tipo dela não pode mudar. Crie uma pergunta nova e retire esta.',
    });
    expect((await settings()).questions).toEqual(current);

    const fresh = [...current, { kind: 'text', label: 'Cidade' }];
    expect((await save({ questions: fresh })).status).toBe(200);
    const withCity = (await settings()).questions;
    const city = withCity.at(-1)!;
    const retyped = withCity.map((q) => (q.id === city.id ? { ...q, kind: 'long_text' } : q));
    expect((await save({ questions: retyped })).status).toBe(200);
    expect((await save({ questions: current })).status).toBe(200);
    expect((await settings()).questions.map((q) => q.id)).not.toContain(city.id);
  });
});
