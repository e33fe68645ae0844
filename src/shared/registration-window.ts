// When registrations are open (issue 33.5): the organizer's switch, and the opening and closing
// instants (ISO 8601 with an offset, or none). Pure: the server decides with its clock, renders the
// pages with the answer, and renders them again at the next instant (decision 0233).

/** The settings that decide it (event-settings.schema.ts). */
export interface WindowSettings {
  registrationOpen: boolean;
  registrationOpensAt: string | null;
  registrationClosesAt: string | null;
}

export type RegistrationWindow =
  { state: 'open' } | { state: 'not_open'; opensAt: string } | { state: 'closed' };

export function registrationWindow(event: WindowSettings, now: Date): RegistrationWindow {
  if (!event.registrationOpen) return { state: 'closed' };
  const at = now.getTime();
  if (event.registrationClosesAt && Date.parse(event.registrationClosesAt) <= at) {
    return { state: 'closed' };
  }
  if (event.registrationOpensAt && Date.parse(event.registrationOpensAt) > at) {
    return { state: 'not_open', opensAt: event.registrationOpensAt };
  }
  return { state: 'open' };
}

/** The next instant after `now` at which the window changes, if any. */
export function nextWindowChange(event: WindowSettings, now: Date): Date | null {
  if (!event.registrationOpen) return null;
  const later = [event.registrationOpensAt, event.registrationClosesAt]
    .filter((instant): instant is string => instant !== null)
    .map((instant) => Date.parse(instant))
    .filter((instant) => instant > now.getTime())
    .sort((a, b) => a - b);
  return later[0] === undefined ? null : new Date(later[0]);
}

/** What the landing and the form page say while registrations are not open (pt-BR). */
export const closedTexts = {
  heading: (state: Exclude<RegistrationWindow['state'], 'open'>, opens: string) =>
    state === 'not_open' ? `Inscrições abrem em ${opens}` : 'Inscrições encerradas',
  /** Followed by the contact e-mail, as a link. */
  contact: 'Dúvidas? Escreva para',
};
