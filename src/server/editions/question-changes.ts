// A save of the form's questions over answers already given (issue 34.5): a label edited or an
// option added changes nothing stored; a question or an option removed after somebody answered
// it stays in the settings as `archived` (no longer asked; its answers still on the cards and in
// the CSV); a question's kind never changes once it has answers (decision 0252).
import type { AnswerCount } from '../../shared/answer-summary.ts';
import { questionMessages, type FormQuestion } from '../../shared/form-questions.ts';

/** A change the answers already given forbid: the field and the pt-BR reason. */
export class QuestionChangeRefused extends Error {
  constructor(
    readonly field: string,
    readonly reason: string,
  ) {
    super(reason);
  }
}

/**
 * `next` as it will be saved over `current`, whose answers `counts` counts: the answered
 * questions and options `next` left out are kept, archived, after the others.
 */
export function keepAnswered(
  current: readonly FormQuestion[],
  next: readonly FormQuestion[],
  counts: readonly AnswerCount[],
): FormQuestion[] {
  const answered = new Map(counts.map((count) => [count.id, count]));
  const before = new Map(current.map((question) => [question.id, question]));
  const saved = next.map((question, index) => {
    const old = before.get(question.id);
    const count = answered.get(question.id);
    if (!old || !count || count.answered === 0) return question;
    if (old.kind !== question.kind) {
      throw new QuestionChangeRefused(
        `questions.${index}.kind`,
        questionMessages.kindChanged(old.label),
      );
    }
    const kept = new Set(question.options.map((option) => option.id));
    const removed = old.options
      .filter((option) => !kept.has(option.id) && (count.options[option.id] ?? 0) > 0)
      .map((option) => ({ ...option, archived: true }));
    return removed.length > 0
      ? { ...question, options: [...question.options, ...removed] }
      : question;
  });
  const sent = new Set(next.map((question) => question.id));
  const removed = current
    .filter((question) => !sent.has(question.id) && (answered.get(question.id)?.answered ?? 0) > 0)
    .map((question) => ({ ...question, archived: true }));
  return [...saved, ...removed];
}
