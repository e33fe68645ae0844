// How many answered each of the current edition's questions, by option (GET
// /api/admin/event/answers): asked before a question or an option with answers is removed
// (issue 34.5), and drawn as bars in 'Resultados' (issue 34.4).
import type { AnswerCount } from '@shared/answer-summary.ts';
import { api } from '@shared/paths.ts';
import { apiRequest } from '@/lib/api-client.ts';

export const answerCountsKey = ['admin', 'event', 'answers'] as const;

export async function fetchAnswerCounts(signal?: AbortSignal): Promise<AnswerCount[]> {
  const body = await apiRequest<{ questions: AnswerCount[] }>(api.adminEventAnswers, { signal });
  return body.questions;
}
