// How stored values read in pt-BR, on the panel and in the CSV.
import type { Confirmacao, LevarAlguem, OrganizerDecision } from './registration.fields.ts';
import type { Registration } from './registration.schema.ts';

/** The organizer's decision (the `status` key): the badge on the panel, the CSV's Status. */
export const decisionLabels: Record<OrganizerDecision, string> = {
  pending: 'Pendente',
  confirmed: 'Confirmado',
  waitlisted: 'Lista de espera',
  cancelled: 'Cancelado',
};

/** The visitor's answers to the form's two questions, as the form labels them. */
export const levarAlguemLabels: Record<LevarAlguem, string> = {
  sim: 'Ok, entendido.',
  nao: 'Não tenho ninguém pra levar',
};

export const confirmacaoLabels: Record<Confirmacao, string> = {
  ok: 'Ok',
  agenda: 'Já coloquei na agenda',
};

/** The panel's and the CSV's short answer to "will they bring someone?". */
const bringsSomeoneLabels: Record<LevarAlguem, string> = { sim: 'Sim', nao: 'Não' };

export function bringsSomeone(registration: Pick<Registration, 'levar_alguem'>): string {
  return registration.levar_alguem ? bringsSomeoneLabels[registration.levar_alguem] : '';
}

// One formatter per kind and zone: the list can be long.
const formats = new Map<string, Intl.DateTimeFormat>();

function formatIn(kind: 'dateTime' | 'clock', iso: string, timeZone: string): string {
  const key = `${kind} ${timeZone}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(
      'pt-BR',
      kind === 'dateTime'
        ? { dateStyle: 'short', timeStyle: 'short', timeZone }
        : { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone },
    );
    formats.set(key, format);
  }
  return format.format(new Date(iso));
}

/** '21/11/2025, 14:03' in the event's time zone. */
export function formatDateTime(iso: string, timeZone: string): string {
  return formatIn('dateTime', iso, timeZone);
}

/** '07:31': the hour and minute of an instant on the event's clock ('Entrada registrada às …'). */
export function formatClockTime(iso: string, timeZone: string): string {
  return formatIn('clock', iso, timeZone);
}
