// 'Resultados' for the organizer's questions (issue 34.4): for each choice, choices and yes/no
// question, how many picked each option, as a table (the numbers) with a bar beside each count
// (decorative: the table says it all). Counted from the edition's registrations the screen holds,
// cancelled ones left out; archived questions and options too, since their answers stay.
import { useId, useMemo } from 'react';
import { countAnswers } from '@shared/answer-summary.ts';
import type { FormQuestion } from '@shared/form-questions.ts';
import { counted } from '@shared/plural.ts';
import type { Registration } from '@shared/registration.schema.ts';

export const questionResultsTexts = {
  heading: 'Respostas do formulário',
  intro:
    'Quantas pessoas escolheram cada opção das perguntas de escolha, sem contar as inscrições canceladas.',
  option: 'Opção',
  people: 'Pessoas',
  share: 'Das respostas',
  yes: 'Sim',
  no: 'Não',
  archived: '(retirada)',
  answered: (n: number) =>
    `${counted(n, { one: 'pessoa respondeu', other: 'pessoas responderam' })}.`,
} as const;
const texts = questionResultsTexts;
const number = new Intl.NumberFormat('pt-BR');
const percent = new Intl.NumberFormat('pt-BR', { style: 'percent', maximumFractionDigits: 0 });

const counts = (question: FormQuestion) => ['choice', 'choices', 'yes_no'].includes(question.kind);

export function QuestionResults({
  registrations,
  questions,
}: {
  registrations: readonly Registration[];
  questions: readonly FormQuestion[];
}) {
  const asked = useMemo(() => questions.filter(counts), [questions]);
  const totals = useMemo(
    () =>
      countAnswers(
        asked,
        registrations.filter((r) => r.status !== 'cancelled').map((r) => r.respostas ?? {}),
      ),
    [asked, registrations],
  );
  if (asked.length === 0) return null;
  return (
    <section aria-labelledby="resultados-respostas" className="grid min-w-0 gap-3">
      <div className="grid gap-1">
        <h3 id="resultados-respostas" className="text-lg font-bold">
          {texts.heading}
        </h3>
        <p className="text-muted-foreground text-sm">{texts.intro}</p>
      </div>
      <div className="grid min-w-0 gap-5 lg:grid-cols-2">
        {asked.map((question, i) => (
          <QuestionFigure key={question.id} question={question} total={totals[i]!} />
        ))}
      </div>
    </section>
  );
}

function QuestionFigure({
  question,
  total,
}: {
  question: FormQuestion;
  total: ReturnType<typeof countAnswers>[number];
}) {
  const headingId = useId();
  const rows =
    question.kind === 'yes_no'
      ? [
          { id: 'true', label: texts.yes, archived: false },
          { id: 'false', label: texts.no, archived: false },
        ]
      : question.options;
  const max = Math.max(1, ...rows.map((row) => total.options[row.id] ?? 0));
  return (
    <figure
      aria-labelledby={headingId}
      className="bg-card text-card-foreground grid min-w-0 content-start gap-3 rounded-lg border p-4 shadow-sm sm:p-5"
    >
      <figcaption className="grid gap-1">
        <h4 id={headingId} className="text-base font-bold [overflow-wrap:anywhere]">
          {question.label}
          {question.archived && ` ${texts.archived}`}
        </h4>
        <p className="text-muted-foreground text-sm">{texts.answered(total.answered)}</p>
      </figcaption>
      <table className="w-full text-sm">
        <caption className="sr-only">{question.label}</caption>
        <thead>
          <tr className="text-muted-foreground text-left">
            <th scope="col" className="py-1 pr-2 font-semibold">
              {texts.option}
            </th>
            <th scope="col" className="py-1 pr-2 text-right font-semibold">
              {texts.people}
            </th>
            <th scope="col" className="w-2/5 py-1 font-semibold">
              <span className="sr-only">{texts.share}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const value = total.options[row.id] ?? 0;
            return (
              <tr key={row.id} className="border-t">
                <th
                  scope="row"
                  className="py-2 pr-2 text-left font-normal [overflow-wrap:anywhere]"
                >
                  {row.label}
                  {row.archived && ` ${texts.archived}`}
                </th>
                <td className="py-2 pr-2 text-right font-semibold tabular-nums">
                  {number.format(value)}
                </td>
                <td className="py-2">
                  <div className="flex items-center gap-2">
                    <span aria-hidden="true" className="bg-muted block h-3 flex-1 rounded-sm">
                      <span
                        className="bg-primary block h-3 rounded-sm"
                        style={{ width: `${(value / max) * 100}%` }}
                      />
                    </span>
                    <span className="text-muted-foreground w-10 text-right tabular-nums">
                      {total.answered > 0 ? percent.format(value / total.answered) : '–'}
                    </span>
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </figure>
  );
}
