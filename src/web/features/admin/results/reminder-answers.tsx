// 'Resultados'' reminders section (issue 35.5): before the event, how many confirmed said they
// would come, how many cancelled after a reminder and how many seats that passed to the waiting
// list (the server counts them: GET /api/admin/reminder-answers); after it, attendance of those
// who said yes against those who said nothing, from the registrations the screen already holds.
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { attendanceWindow, countsAsAttendance } from '@shared/attendance-window.ts';
import type { EventSettings } from '@shared/event-settings.schema.ts';
import { api } from '@shared/paths.ts';
import type { Registration } from '@shared/registration.schema.ts';
import type { ReminderAnswers } from '@shared/reminder-answers.schema.ts';
import { apiRequest } from '@/lib/api-client.ts';
import { reminderAnswersTexts as texts } from './reminder-answers-texts.ts';

function fetchAnswers(editionId: string | undefined, signal: AbortSignal) {
  const query = editionId ? `?edition=${encodeURIComponent(editionId)}` : '';
  return apiRequest<ReminderAnswers>(api.adminReminderAnswers + query, { signal });
}

/** Confirmed people by their answer: how many, and how many of them came. */
export function attendanceByAnswer(
  registrations: readonly Registration[],
  event: EventSettings,
): Record<'yes' | 'silent', { confirmed: number; came: number }> {
  const window = attendanceWindow(event);
  const split = { yes: { confirmed: 0, came: 0 }, silent: { confirmed: 0, came: 0 } };
  for (const registration of registrations) {
    if (registration.status !== 'confirmed') continue;
    const group = registration.rsvp === 'yes' ? split.yes : split.silent;
    group.confirmed += 1;
    if (countsAsAttendance(registration.checked_in_at, window)) group.came += 1;
  }
  return split;
}

export function ReminderAnswersSection({
  registrations,
  event,
  over,
  editionId,
}: {
  registrations: readonly Registration[];
  event: EventSettings;
  over: boolean;
  /** A past edition's; the current one's when absent. */
  editionId?: string;
}) {
  const headingId = useId();
  // Asked again when an answer or a cancellation changes the list the screen follows.
  const cancelled = registrations.filter((r) => r.status === 'cancelled').length;
  const saidYes = registrations.filter((r) => r.rsvp === 'yes').length;
  const answers = useQuery({
    queryKey: ['reminder-answers', editionId ?? 'current', cancelled, saidYes],
    queryFn: ({ signal }) => fetchAnswers(editionId, signal),
    placeholderData: (previous) => previous,
  });
  const byAnswer = attendanceByAnswer(registrations, event);
  const figures: Array<[string, number]> = answers.data
    ? [
        [texts.reminded, answers.data.reminded],
        [texts.saidYes, answers.data.saidYes],
        [texts.cancelledAfter, answers.data.cancelledAfterReminder],
        [texts.seatsPassed, answers.data.seatsPassed],
      ]
    : [];
  return (
    <section aria-labelledby={headingId} className="bg-card grid gap-3 rounded-xl border p-4">
      <h3 id={headingId} className="text-lg font-bold">
        {texts.heading}
      </h3>
      {answers.isPending && <p className="text-muted-foreground text-sm">{texts.loading}</p>}
      {answers.isError && <p role="alert">{texts.failed}</p>}
      {answers.data && (
        <dl className="grid gap-2 sm:grid-cols-2">
          {figures.map(([label, value]) => (
            <div key={label} className="bg-muted grid gap-0.5 rounded-lg px-3 py-2">
              <dt className="text-sm">{label}</dt>
              <dd className="text-xl font-bold">{texts.people(value)}</dd>
            </div>
          ))}
        </dl>
      )}
      {over ? (
        // Fixed columns whose words wrap: on a phone the three fit its width.
        <table className="w-full table-fixed text-left text-sm [overflow-wrap:anywhere]">
          <caption className="mb-1 text-left font-semibold">{texts.attendanceHeading}</caption>
          <thead>
            <tr>
              <th scope="col">{texts.answer}</th>
              <th scope="col">{texts.confirmedColumn}</th>
              <th scope="col">{texts.cameColumn}</th>
            </tr>
          </thead>
          <tbody>
            {(['yes', 'silent'] as const).map((key) => (
              <tr key={key}>
                <th scope="row" className="font-normal">
                  {texts[key]}
                </th>
                <td>{byAnswer[key].confirmed}</td>
                <td>{byAnswer[key].came}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="text-muted-foreground text-sm">{texts.afterEvent}</p>
      )}
    </section>
  );
}
