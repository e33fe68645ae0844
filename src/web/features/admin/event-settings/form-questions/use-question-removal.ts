// 'Remover' on a question or an option (issue 34.5): one nobody answered goes at once; one with
// answers is asked about first, with how many answered it (counted by the server now, not when
// the screen opened), and is then archived: it leaves the form, its answers stay.
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import type { FormQuestion, QuestionOption } from '@shared/form-questions.ts';
import { toast } from '@/components/ui/toaster.tsx';
import { isUnauthorized } from '@/lib/api-client.ts';
import { answerCountsKey, fetchAnswerCounts } from '../../answer-counts.ts';
import { formQuestionsTexts as texts } from './form-questions-texts.ts';

export type RemovalTarget =
  | { question: FormQuestion; option?: undefined }
  | { question: FormQuestion; option: QuestionOption };

export interface AskedRemoval {
  target: RemovalTarget;
  /** How many answered the question, or picked the option. */
  answered: number;
}

export interface RemovalOptions {
  /** The ids of the questions saved: only those can have answers. */
  saved: ReadonlySet<string>;
  /** Takes the question or option out, archived when `answered` is more than 0. */
  apply(target: RemovalTarget, answered: number): void;
}

export function useQuestionRemoval({ saved, apply }: RemovalOptions) {
  const queryClient = useQueryClient();
  const [asked, setAsked] = useState<AskedRemoval | null>(null);
  const [checking, setChecking] = useState(false);
  /** The last question was answered 'Retirar': the button that asked is gone. */
  const confirmed = useRef(false);

  async function remove(target: RemovalTarget) {
    if (!saved.has(target.question.id)) return apply(target, 0);
    setChecking(true);
    let answered: number;
    try {
      const counts = await queryClient.fetchQuery({
        queryKey: answerCountsKey,
        queryFn: ({ signal }) => fetchAnswerCounts(signal),
        staleTime: 0,
      });
      const count = counts.find((c) => c.id === target.question.id);
      answered = target.option ? (count?.options[target.option.id] ?? 0) : (count?.answered ?? 0);
    } catch (error) {
      if (!isUnauthorized(error)) toast.error(texts.countsFailed);
      return;
    } finally {
      setChecking(false);
    }
    if (answered === 0) return apply(target, 0);
    confirmed.current = false;
    setAsked({ target, answered });
  }

  return {
    remove: (target: RemovalTarget) => void remove(target),
    checking,
    asked,
    back: () => setAsked(null),
    wasConfirmed: () => confirmed.current,
    confirm: () => {
      confirmed.current = true;
      if (asked) apply(asked.target, asked.answered);
      setAsked(null);
    },
  };
}

export type QuestionRemoval = ReturnType<typeof useQuestionRemoval>;
