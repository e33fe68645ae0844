// What a card shows about one registration: the visitor's answers, when they registered and, once
// confirmed, whether they came in. The live list's cards and a past edition's share it.
import { bringsSomeone, confirmacaoLabels, formatDateTime } from '@shared/labels.ts';
import type { EventSettings } from '@shared/event-settings.schema.ts';
import { answerText } from '@shared/form-questions.ts';
import { formatPhone } from '@shared/phone.ts';
import type { Registration } from '@shared/registration.schema.ts';
import { adminTexts } from './admin-texts.ts';

const texts = adminTexts.card;

export function RegistrationDetails({
  registration,
  event: { timeZone, phoneCountry, questions },
}: {
  registration: Registration;
  /** The edition's: dates are on its clocks, phones as its country writes them. */
  event: Pick<EventSettings, 'timeZone' | 'phoneCountry' | 'questions'>;
}) {
  const details: [label: string, value: string][] = [
    [texts.whatsapp, formatPhone(registration.whatsapp, phoneCountry)],
    [texts.email, registration.email],
    [texts.company, registration.nome_compania],
    [texts.bringsSomeone, bringsSomeone(registration) || texts.notAnswered],
    [
      texts.attendanceAnswer,
      registration.confirmacao ? confirmacaoLabels[registration.confirmacao] : texts.notAnswered,
    ],
  ];
  // The organizer's questions under the original's (issue 34.4): a removed one's answers still
  // by its label; unanswered ones left out.
  for (const question of questions ?? []) {
    const answer = answerText(question, registration.respostas?.[question.id]);
    if (answer) details.push([question.label, answer]);
  }
  details.push([texts.registeredAt, formatDateTime(registration.created_at, timeZone)]);
  if (registration.status === 'confirmed' || registration.checked_in_at) {
    details.push([
      texts.checkIn,
      registration.checked_in_at
        ? texts.checkedInAt(
            formatDateTime(registration.checked_in_at, timeZone),
            registration.checked_in_by,
          )
        : texts.notCheckedIn,
    ]);
  }
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
      {details.map(([label, value], index) => (
        <div key={index} className="contents">
          <dt className="text-muted-foreground">{label}</dt>
          <dd className="min-w-0 [overflow-wrap:anywhere]">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
