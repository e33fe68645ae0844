// Where a registration the server took leads (issue 33.6): the thank-you page of what became of it,
// what that page is handed, and the toast that repeats its title on the way.
import type { EventDetails } from '@shared/event.ts';
import type { ThanksOutcome } from '@shared/event-fields.ts';
import { paths, thanksConfirmed, thanksWaitlisted } from '@shared/paths.ts';
import type { Registration } from '@shared/registration.schema.ts';
import type { MessageProviders } from '@shared/rendered-page.ts';
import { ticketChannels, toastLine, type ThanksState } from './thanks-texts.ts';

/** The 201's registration, with what only its own answer carries. */
export type CreatedRegistration = Registration & {
  personal_page?: string;
  waitlist_position?: number;
};

const thanksPaths: Record<ThanksOutcome, string> = {
  received: paths.thanks,
  confirmed: thanksConfirmed,
  waitlisted: thanksWaitlisted,
};

export function outcomeOf({ status, ticket_code }: Registration): ThanksOutcome {
  if (status === 'waitlisted') return 'waitlisted';
  return status === 'confirmed' && ticket_code ? 'confirmed' : 'received';
}

export interface ThanksNavigation {
  path: string;
  state: ThanksState;
  toast: { title: string; description: string };
}

export function thanksNavigation(
  registration: CreatedRegistration,
  event: Pick<EventDetails, 'thanks'>,
  providers: MessageProviders,
): ThanksNavigation {
  const outcome = outcomeOf(registration);
  const position = registration.waitlist_position;
  return {
    path: thanksPaths[outcome],
    state: {
      personalPage: registration.personal_page,
      ticketCode: registration.ticket_code ?? undefined,
      position,
    },
    toast: {
      title: event.thanks[outcome].title,
      description: toastLine(outcome, ticketChannels(providers), position),
    },
  };
}
