// The form's checks of an edition's own form (issue 34.1-34.3): what the visitor answered, sent as
// the API takes it, and the shared schema's messages at `respostas.<id>`.
import { describe, expect, it } from 'vitest';
import { answerMessages, type FormQuestion } from '@shared/form-questions.ts';
import { messages } from '@shared/registration.schema.ts';
import { prepareSubmission } from './form-checks.ts';
import { emptyValues, firstInvalidField, formFieldErrors } from './form-values.ts';

const question = (id: string, kind: FormQuestion['kind'], extra: Partial<FormQuestion> = {}) => ({
  id,
  kind,
  label: id,
  help: '',
  required: false,
  options: [],
  max: null,
  archived: false,
  ...extra,
});
const options = (...ids: string[]) => ids.map((id) => ({ id, label: id, archived: false }));

const questions: FormQuestion[] = [
  question('cargo', 'text', { required: true }),
  question('tamanho', 'choice', { options: options('p', 'm', 'g'), required: true }),
  question('temas', 'choices', { options: options('fe', 'be', 'dados'), max: 2 }),
  question('primeira', 'yes_no'),
  question('velha', 'text', { archived: true }),
];
const form = {
  fields: { nome_compania: 'optional', levar_alguem: 'hidden', confirmacao: 'shown' },
  questions,
} as const;

const filled = {
  ...emptyValues('US'),
  nome_completo: 'Maria da Silva',
  whatsapp: '(508) 555-1234',
  email: 'maria@exemplo.com',
};

describe('prepareSubmission with questions', () => {
  it('sends the answers as the API takes them: Sim as true, empty ones and archived ones left out', () => {
    const result = prepareSubmission(
      {
        ...filled,
        respostas: { cargo: ' Dev ', tamanho: 'm', temas: [], primeira: 'true', velha: 'x' },
      },
      form,
    );
    expect(result.ok && result.body.respostas).toEqual({
      cargo: 'Dev',
      tamanho: 'm',
      primeira: true,
    });
    expect(result.ok && result.body.nome_compania).toBe('');
  });

  it('names each problem at its question, required ones as missing', () => {
    const result = prepareSubmission(
      { ...filled, respostas: { tamanho: 'xl', temas: ['fe', 'be', 'dados'] } },
      form,
    );
    expect(result).toEqual({
      ok: false,
      missingRequired: true,
      errors: {
        'respostas.cargo': messages.required,
        'respostas.tamanho': answerMessages.notOffered,
        'respostas.temas': answerMessages.tooMany(2),
      },
    });
    if (!result.ok) expect(firstInvalidField(result.errors, questions)).toBe('respostas.cargo');
  });

  it('still asks the company when the edition requires it (the original form)', () => {
    const result = prepareSubmission({ ...filled, respostas: {} });
    expect(result.ok ? {} : result.errors).toEqual({ nome_compania: messages.required });
  });

  it("keeps the server's messages at the questions' fields", () => {
    const fields = { 'respostas.tamanho': 'x', respostas: 'y', 'respostas.a.b': 'z' };
    expect(formFieldErrors(fields)).toEqual({ 'respostas.tamanho': 'x' });
  });
});
