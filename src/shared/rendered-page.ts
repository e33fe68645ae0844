// What the server-side render of a page hands to the server (src/web/entry-server.tsx).
import type { EventSettings } from './event-settings.schema.ts';
import type { FieldErrors } from './registration.fields.ts';
import type { Registration } from './registration.schema.ts';
import type { RegistrationFormValues } from './registration-submission.ts';
import type { Ticket } from './ticket.schema.ts';

export interface RenderedPage {
  /** The content of <div id="root">. */
  html: string;
  /** The page's <title>. */
  title: string;
}

/**
 * Which providers the site hands attendees' data to for its messages, and nothing else about them
 * (no address, no key): the privacy page names them.
 */
export interface MessageProviders {
  /** An SMTP server (SMTP_URL): gets the e-mail address and the message. */
  email: boolean;
  /** Meta, through WhatsApp Business: gets the phone number and the template's values. */
  whatsapp: boolean;
  /** The template's values include the person's own link (WHATSAPP_TEMPLATE_CANCEL_BUTTON). */
  whatsappPersonalLink: boolean;
}

export const noMessageProviders: MessageProviders = {
  email: false,
  whatsapp: false,
  whatsappPersonalLink: false,
};

export type RenderPage = (
  path: string,
  event: EventSettings,
  providers: MessageProviders,
) => Promise<RenderedPage>;

/** What the ticket page (/ingresso/<code>) shows; rendered per request, it needs no script. */
export interface TicketPageData {
  ticket: Ticket;
  event: EventSettings;
  /** The page's own absolute address (PUBLIC_URL based): what its QR code encodes. */
  ticketUrl: string;
  /** The QR code as SVG markup, made on the server from `ticketUrl`. */
  qrSvg: string;
  /** The calendar file's path (.ics) and a link that opens Google Calendar with the event. */
  calendarPath: string;
  googleCalendarUrl: string;
  /** Why the ticket no longer opens the door, if it does not: its event is over, or its edition. */
  expired: TicketExpiry | null;
}

export type TicketExpiry = 'event_over' | 'past_edition';

export type RenderTicketPage = (data: TicketPageData) => Promise<RenderedPage>;

/**
 * What the person's own page (/inscricao/<token>, decision 0130) shows: their state, their ticket's
 * link, their place on the waiting list, and the cancellation (a link to its confirmation step,
 * then a form POST). Rendered per request, without script.
 */
export interface AttendeePageData {
  event: EventSettings;
  name: string;
  status: Registration['status'];
  /** On the waiting list: 1 for the next to get a seat; null otherwise. */
  position: number | null;
  /** The ticket page's path, while confirmed. */
  ticketPath: string | null;
  /** Their certificate's PDF, by their token, once issued and while not revoked (issue 36.6). */
  certificatePath: string | null;
  /** The page's own path, and its cancellation step's (the form posts there). */
  pagePath: string;
  cancelPath: string;
  /** 'Vou comparecer''s step (the reminder e-mail's link; its form posts there, issue 35.2). */
  attendPath: string;
  /** 'yes' once the person said they will come. */
  rsvp: 'yes' | null;
  /** `confirm`: the cancellation's confirmation step; `attend`: 'Vou comparecer''s. */
  step: 'view' | 'confirm' | 'attend';
  /** Why the person can no longer cancel, if they cannot; null while they can. */
  locked: AttendeeLock | null;
}

/** A past edition's registration, an event that is over, a person already let in at the door. */
export type AttendeeLock = 'past_edition' | 'event_over' | 'checked_in';

export type RenderAttendeePage = (data: AttendeePageData) => Promise<RenderedPage>;

/**
 * The answer to the form posted by the browser itself, when the form page's script never ran
 * (decision 0177): rendered once per state of the event, no script.
 */
export type RenderFormNotSentPage = (event: EventSettings) => Promise<RenderedPage>;

/**
 * A form the server shows again, filled, after refusing the one the browser posted itself without
 * script (POST /convite, decision 0209): what was typed, and the message at each field.
 */
export interface FormStart {
  values: RegistrationFormValues;
  errors: FieldErrors;
  /** A required field was empty: the spec's 'Por favor, preencha…' above the form. */
  missingRequired: boolean;
}

export type RenderRefusedForm = (
  event: EventSettings,
  providers: MessageProviders,
  start: FormStart,
) => Promise<RenderedPage>;

/**
 * A certificate's public verification page (/certificado/<code>, issue 36.5): what anyone may
 * know of it, and nothing else about the person. Rendered per request, without script.
 */
export interface CertificatePageData {
  /** The site's current event: the page's frame (its title, its logo). */
  event: EventSettings;
  code: string;
  /** Null once revoked: a revoked certificate names nobody. */
  certificate: {
    name: string;
    eventName: string;
    /** '6 de dezembro de 2026' */
    date: string;
    /** '7,5 horas' */
    hours: string;
    organizer: string;
  } | null;
}

export type RenderCertificatePage = (data: CertificatePageData) => Promise<RenderedPage>;

/** '/validar': a field to type a code; `typed` and the reason when what was typed is no code. */
export interface CertificateLookupData {
  event: EventSettings;
  typed: string;
  invalid: boolean;
}

export type RenderCertificateLookup = (data: CertificateLookupData) => Promise<RenderedPage>;
