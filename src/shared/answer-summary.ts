// How many answered each of the organizer's questions, and how many picked each option (issue
// 34.4-34.5): what 'Resultados' draws a bar per option from, and what the panel says before a
// question or an option with answers is removed. Pure: the server counts an edition's stored
// answers with it (GET /api/admin/event/answers), the panel may count the rows it holds.
import type { Answers, FormQuestion } from './form-questions.ts';

export interface AnswerCount {
  /** The question's id. */
  id: string;
  /** Registrations with an answer to it. */
  answered: number;
  /**
   * `choice` and `choices`: how many picked each option, by option id (every option the question
   * keeps, archived ones included); `yes_no`: by 'true' (Sim) and 'false' (Não); others: {}.
   */
  options: Record<string, number>;
}

/** The counts of `questions` (archived ones included, in their order) over `answers`. */
export function countAnswers(
  questions: readonly FormQuestion[],
  answers: Iterable<Answers>,
): AnswerCount[] {
  const counts = questions.map((question) => ({
    id: question.id,
    answered: 0,
    options: Object.fromEntries(
      question.kind === 'yes_no'
        ? [
            ['true', 0],
            ['false', 0],
          ]
        : question.options.map((option) => [option.id, 0]),
    ) as Record<string, number>,
  }));
  const byId = new Map(counts.map((count) => [count.id, count]));
  for (const registration of answers) {
    for (const [id, answer] of Object.entries(registration)) {
      const count = byId.get(id);
      if (!count) continue;
      count.answered += 1;
      const picked = typeof answer === 'boolean' ? [String(answer)] : [answer].flat();
      for (const key of picked) {
        if (key in count.options) count.options[key]! += 1;
      }
    }
  }
  return counts;
}
