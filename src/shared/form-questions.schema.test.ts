import { describe, expect, it } from 'vitest';
import { defaultEvent } from './event.ts';
import { eventSettingsSchema } from './event-settings.schema.ts';
import { answerText, askedQuestions, type FormQuestion } from './form-questions.ts';
import { questionsSchema, registrationSchemaFor } from './form-questions.schema.ts';
import { fieldErrors } from './registration.schema.ts';

const questions: FormQuestion[] = questionsSchema.parse([
  { id: 'cargo', kind: 'text', label: 'Cargo', required: true },
  { id: 'bio', kind: 'long_text', label: 'Conte sobre você' },
  {
    id: 'tamanho',
    kind: 'choice',
    label: 'Tamanho da camiseta',
    required: true,
    options: [
      { id: 'p', label: 'P' },
      { id: 'm', label: 'M' },
      { id: 'g', label: 'G', archived: true },
    ],
  },
  {
    id: 'temas',
    kind: 'choices',
    label: 'Temas',
    max: 2,
    options: [
      { id: 'web', label: 'Web' },
      { id: 'dados', label: 'Dados' },
      { id: 'ia', label: 'IA' },
    ],
  },
  { id: 'veg', kind: 'yes_no', label: 'Vegetariano?' },
  { id: 'velha', kind: 'text', label: 'Retirada', archived: true },
]);

const person = {
  nome_completo: 'Ana Souza',
  whatsapp: '+15085551234',
  email: 'ana@exemplo.com',
  nome_compania: 'Acme',
};

function check(body: Record<string, unknown>, fields = defaultEvent.fields) {
  return registrationSchemaFor({ phoneCountry: 'US', fields, questions }).safeParse({
    ...person,
    ...body,
  });
}

function errorsOf(body: Record<string, unknown>, fields = defaultEvent.fields) {
  const parsed = check(body, fields);
  return parsed.success ? {} : fieldErrors(parsed.error);
}

describe('the answers of a registration', () => {
  it('keeps each kind of answer, cleaned, and leaves the unanswered out', () => {
    const parsed = check({
      respostas: {
        cargo: '  Dev\tbackend ',
        bio: 'linha 1\r\nlinha 2',
        tamanho: 'm',
        temas: ['web', 'ia', 'web'],
        veg: false,
      },
    });
    expect(parsed.success && parsed.data.respostas).toEqual({
      cargo: 'Dev backend',
      bio: 'linha 1\nlinha 2',
      tamanho: 'm',
      temas: ['web', 'ia'],
      veg: false,
    });
    const blank = check({ respostas: { cargo: 'x', tamanho: 'p', bio: '', temas: [], veg: null } });
    expect(blank.success && blank.data.respostas).toEqual({ cargo: 'x', tamanho: 'p' });
  });

  it('names each problem at respostas.<id> in pt-BR', () => {
    expect(errorsOf({})).toEqual({
      'respostas.cargo': 'Campo obrigatório.',
      'respostas.tamanho': 'Escolha uma opção.',
    });
    expect(
      errorsOf({
        respostas: {
          cargo: 'x'.repeat(201),
          bio: 'y'.repeat(2001),
          tamanho: 'g',
          temas: ['web', 'dados', 'ia'],
          veg: 'sim',
          velha: 'a',
          outra: 'b',
        },
      }),
    ).toEqual({
      'respostas.cargo': 'Resposta longa demais: até 200 caracteres.',
      'respostas.bio': 'Resposta longa demais: até 2.000 caracteres.',
      'respostas.tamanho': 'Escolha uma das opções oferecidas.',
      'respostas.temas': 'Escolha no máximo 2 opções.',
      'respostas.veg': 'Envie true (Sim) ou false (Não).',
      'respostas.velha': 'Esta pergunta não está no formulário.',
      'respostas.outra': 'Esta pergunta não está no formulário.',
    });
    expect(errorsOf({ respostas: { cargo: ['a'], tamanho: 'p', temas: 'web' } })).toEqual({
      'respostas.cargo': 'Envie esta resposta como texto.',
      'respostas.temas': 'Envie as opções escolhidas como uma lista.',
    });
    expect(errorsOf({ respostas: { cargo: 'x', tamanho: 'p', bio: 3 } })).toEqual({
      'respostas.bio': expect.stringMatching(/^Envie as respostas/),
    });
  });

  it('asks the company as `fields` says, and stores nothing for what it hides', () => {
    const optional = { ...defaultEvent.fields, nome_compania: 'optional' } as const;
    const answered = { respostas: { cargo: 'x', tamanho: 'p' } };
    const noCompany = check({ ...answered, nome_compania: '  ' }, optional);
    expect(noCompany.success && noCompany.data.nome_compania).toBe('');
    const hidden = {
      nome_compania: 'hidden',
      levar_alguem: 'hidden',
      confirmacao: 'hidden',
    } as const;
    const parsed = check(
      { ...answered, nome_compania: 'Acme', levar_alguem: 'sim', confirmacao: 'ok' },
      hidden,
    );
    expect(parsed.success && parsed.data).toMatchObject({
      nome_compania: '',
      levar_alguem: null,
      confirmacao: null,
    });
    expect(errorsOf({ ...answered, nome_compania: '' })).toEqual({
      nome_compania: 'Campo obrigatório.',
    });
  });
});

describe('the questions setting', () => {
  it('gives new questions and options an id and keeps the ids sent', () => {
    const settings = eventSettingsSchema.parse({
      ...defaultEvent,
      questions: [
        { kind: 'choice', label: 'Cidade', options: [{ label: 'A' }, { id: 'b', label: 'B' }] },
      ],
    });
    const [question] = settings.questions;
    expect(question?.id).toMatch(/^[a-z0-9]{10}$/);
    expect(question?.options.map((option) => option.id)).toEqual([
      expect.stringMatching(/^[a-z0-9]{10}$/),
      'b',
    ]);
  });

  it('refuses what a form cannot ask, in pt-BR', () => {
    const refused = (list: unknown) => {
      const parsed = questionsSchema.safeParse(list);
      return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
    };
    expect(refused([{ kind: 'choice', label: 'X', options: [{ label: 'só uma' }] }])).toEqual([
      'Uma pergunta de escolha tem de 2 a 20 opções.',
    ]);
    expect(refused([{ kind: 'text', label: 'X', options: [{ label: 'a' }] }])).toEqual([
      'Só perguntas de escolha (choice, choices) têm opções.',
    ]);
    expect(refused([{ kind: 'date', label: 'X' }])).toEqual([
      'Escolha o tipo: text, long_text, choice, choices, yes_no.',
    ]);
    expect(refused(Array.from({ length: 21 }, () => ({ kind: 'text', label: 'X' })))).toEqual([
      'Use no máximo 20 perguntas.',
    ]);
  });

  it('shows the asked ones and names answers by their labels, removed options too', () => {
    expect(askedQuestions(questions).map((question) => question.id)).toEqual([
      'cargo',
      'bio',
      'tamanho',
      'temas',
      'veg',
    ]);
    const [, , tamanho, temas, veg] = questions;
    expect(answerText(tamanho!, 'g')).toBe('G');
    expect(answerText(temas!, ['web', 'ia'])).toBe('Web; IA');
    expect(answerText(veg!, true)).toBe('Sim');
    expect(answerText(veg!, undefined)).toBe('');
  });
});
