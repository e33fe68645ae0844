// The list filtered by an answer to one of the organizer's questions (issue 34.4): 'Tamanho da
// camiseta: M', an option of a choice question (one or several picked) or Sim/Não. Pure.
import type { FormQuestion } from '@shared/form-questions.ts';
import type { Registration } from '@shared/registration.schema.ts';

export interface AnswerFilterOption {
  /** `<question id>:<option id>` (`true`/`false` for Sim/Não). */
  value: string;
  label: string;
}

export interface AnswerFilterGroup {
  label: string;
  options: AnswerFilterOption[];
}

/** What can be filtered by: each choice and yes/no question, archived ones too (answers stay). */
export function answerFilterGroups(
  questions: readonly FormQuestion[],
  yesNo: { yes: string; no: string },
): AnswerFilterGroup[] {
  return questions
    .filter((question) => ['choice', 'choices', 'yes_no'].includes(question.kind))
    .map((question) => ({
      label: question.label,
      options: (question.kind === 'yes_no'
        ? [
            { id: 'true', label: yesNo.yes },
            { id: 'false', label: yesNo.no },
          ]
        : question.options
      ).map((option) => ({
        value: `${question.id}:${option.id}`,
        label: `${question.label}: ${option.label}`,
      })),
    }));
}

/** The registrations whose answer picked `value` ('' keeps them all). */
export function filterByAnswer(rows: Registration[], value: string): Registration[] {
  if (value === '') return rows;
  const [questionId, optionId] = value.split(':') as [string, string];
  return rows.filter((registration) => {
    const answer = registration.respostas?.[questionId];
    if (answer === undefined) return false;
    if (typeof answer === 'boolean') return String(answer) === optionId;
    return [answer].flat().includes(optionId);
  });
}
