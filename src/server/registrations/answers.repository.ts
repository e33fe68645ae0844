// The answers to the organizer's questions as an edition stores them (issue 34): counted in the
// server, never queried inside (one JSON text per registration, both engines).
import type { Kysely } from 'kysely';
import { countAnswers, type AnswerCount } from '../../shared/answer-summary.ts';
import type { Answers, FormQuestion } from '../../shared/form-questions.ts';
import { currentEditionId } from '../db/current-edition.ts';
import type { Database } from '../db/schema.ts';

/** How many answered each of `questions` in the current edition, every registration counted. */
export async function countCurrentAnswers(
  db: Kysely<Database>,
  questions: readonly FormQuestion[],
): Promise<AnswerCount[]> {
  if (questions.length === 0) return [];
  const rows = await db
    .selectFrom('registrations')
    .select('respostas')
    .where('event_id', '=', currentEditionId)
    .where('respostas', 'is not', null)
    .execute();
  return countAnswers(
    questions,
    rows.map((row) => JSON.parse(row.respostas!) as Answers),
  );
}
