import { describe, expect, it } from 'vitest';
import type { FormQuestion } from '@shared/form-questions.ts';
import { moved, newQuestion, withKind, withoutOption, withoutQuestion } from './held-form.ts';

const question = (id: string, archived = false): FormQuestion => ({
  ...newQuestion(),
  id,
  label: id,
  archived,
});
const ids = (questions: FormQuestion[]) => questions.map((q) => q.id);

describe('moved', () => {
  it('swaps a question with the asked one before or after it, over archived ones', () => {
    const list = [question('a'), question('x', true), question('b'), question('c')];
    expect(ids(moved(list, 'b', -1))).toEqual(['b', 'x', 'a', 'c']);
    expect(ids(moved(list, 'b', 1))).toEqual(['a', 'x', 'c', 'b']);
  });

  it('leaves the list as it was at either end', () => {
    const list = [question('a'), question('b')];
    expect(ids(moved(list, 'a', -1))).toEqual(['a', 'b']);
    expect(ids(moved(list, 'b', 1))).toEqual(['a', 'b']);
  });
});

describe('withoutQuestion and withoutOption', () => {
  it('drops what nobody answered and archives what somebody did', () => {
    const list = [question('a'), question('b')];
    expect(ids(withoutQuestion(list, 'a', 0))).toEqual(['b']);
    expect(withoutQuestion(list, 'a', 3).map((q) => q.archived)).toEqual([true, false]);
  });

  it('archives a picked option and lowers a maximum above what is left', () => {
    const choices = { ...withKind(question('a'), 'choices', (n) => `Opção ${n}`), max: 2 };
    const [first, second] = choices.options;
    const picked = withoutOption(choices, first!.id, 1);
    expect(picked.options.map((o) => [o.id, o.archived])).toEqual([
      [first!.id, true],
      [second!.id, false],
    ]);
    expect(picked.max).toBe(1);
    expect(withoutOption(choices, first!.id, 0).options.map((o) => o.id)).toEqual([second!.id]);
  });
});

describe('withKind', () => {
  it('keeps the options between the choice kinds and drops them, and the maximum, otherwise', () => {
    const choice = withKind(question('a'), 'choice', (n) => `Opção ${n}`);
    expect(choice.options.map((o) => o.label)).toEqual(['Opção 1', 'Opção 2']);
    const choices = { ...withKind(choice, 'choices', String), max: 1 };
    expect(choices.options).toEqual(choice.options);
    expect(withKind(choices, 'text', String)).toMatchObject({ options: [], max: null });
  });
});
