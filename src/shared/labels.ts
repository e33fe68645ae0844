// How stored values read in pt-BR, on the panel and in the CSV.
import type { Confirmacao, LevarAlguem, OrganizerDecision } from './registration.fields.ts';
import type { Registration } from './registration.schema.ts';

/** The organizer's decision (the `status` key): the badge on the panel, the CSV's Status. */
export const decisionLabels: Record<OrganizerDecision, string> = {
  pending: 'Pendente',
  confirmed: 'Confirmado',
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

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

/** '21/11/2025, 14:03' in the event's time zone (one formatter per zone: the list can be long). */
export function formatDateTime(iso: string, timeZone: string): string {
  let format = dateTimeFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short', timeZone });
    dateTimeFormats.set(timeZone, format);
  }
  return format.format(new Date(iso));
}
