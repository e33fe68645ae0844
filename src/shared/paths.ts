// Every URL of the site and of the API, in one table.
export const paths = {
  home: '/',
  register: '/convite',
  thanks: '/obrigado',
  admin: '/admin',
  privacy: '/privacidade',
  /** The check-in screen for door staff (and admins). */
  door: '/portaria',
} as const;

/** The check-in screen's service worker (built by vite.config.ts; its scope is `paths.door`). */
export const doorWorker = '/portaria-sw.js';

/**
 * The thank-you page when the registration joined the waiting list (no seat was left): its own
 * page, rendered at start without script like /obrigado (decision 0130).
 */
export const thanksWaitlisted = '/obrigado/lista-de-espera';

/**
 * The thank-you page when the registration was confirmed on arrival (automatic admission): the
 * ticket's link and the calendar file right there (issue 33.6). Rendered at start like /obrigado.
 */
export const thanksConfirmed = '/obrigado/confirmada';

/**
 * The person's own page (decision 0130): their state, their ticket, and 'Não poderei comparecer'.
 * `withCode(attendeePage, token)`; its confirmation step and the cancellation's form POST.
 */
export const attendeePage = '/inscricao/:code';
export const attendeeCancel = '/inscricao/:code/cancelar';
/** 'Vou comparecer' from the reminder e-mail: its confirmation step, and the form's POST. */
export const attendeeAttend = '/inscricao/:code/presenca';
/** The person's certificate as a PDF, by their page's token: no login (issue 36.6). */
export const attendeeCertificate = '/inscricao/:code/certificado.pdf';

/**
 * A certificate's public verification page, `withCode(certificatePage, code)` (issue 36): what
 * its QR code carries. '/validar' has the field to type a code.
 */
export const certificatePage = '/certificado/:code';
export const certificateLookup = '/validar';
/**
 * A certificate's PDF by a sealed link that needs no login and lapses (WhatsApp's document
 * header, decision 0238): the token says nothing by itself.
 */
export const certificateFile = '/certificado/arquivo/:token';

/** The public ticket page of one registration: `withCode(ticketPage, code)`. */
export const ticketPage = '/ingresso/:code';
/** Its calendar file (.ics). */
export const ticketCalendar = '/ingresso/:code/evento.ics';

/**
 * The first start's page: creates the first admin, opened by the link the server prints while
 * there is none (`?token=…`). Without a live token, or once an admin exists, the not-found page.
 */
export const setupPage = '/admin/configurar';
/**
 * Where the first admin lands once created, logged in: the panel's event settings (its 'Evento'
 * screen, `#evento`), the next thing a new site needs, after the short screen that asks for the
 * event's name, date and place (decision 0228).
 */
export const setupLanding = '/admin#evento';

/** A logo, by its content's hash (`/imagens/<hash>.png`): never changes, cached for good. */
export const eventImage = '/imagens/:file';

export const api = {
  registrations: '/api/registrations',
  health: '/api/health',
  /** The API described by its routes' schemas (OpenAPI 3.1). */
  openapi: '/api/openapi.json',
  adminLogin: '/api/admin/login',
  adminLogout: '/api/admin/logout',
  adminMe: '/api/admin/me',
  /** The first admin, through the setup link: `{"token","email","password"}`. */
  adminSetup: '/api/admin/setup',
  /** Whether the first start's event screen is still owed (GET), and 'Pular' on it (POST). */
  adminFirstStart: '/api/admin/first-start',
  adminFirstStartSkip: '/api/admin/first-start/skip',
  adminRegistrations: '/api/admin/registrations',
  adminRegistration: '/api/admin/registrations/:id',
  adminConfirm: '/api/admin/registrations/:id/confirm',
  adminTicket: '/api/admin/registrations/:id/ticket',
  /** The registration's certificate as a PDF (404 when none was issued or it was revoked). */
  adminRegistrationCertificate: '/api/admin/registrations/:id/certificate',
  /** 'Baixar todos': every issued certificate of the current edition, one ZIP, streamed. */
  adminCertificatesZip: '/api/admin/certificates.zip',
  /**
   * 'Emitir certificados agora' (POST): the current edition's missing certificates, with their
   * messages. A registration's own is issued by hand (POST) and revoked (DELETE) at
   * `adminRegistrationCertificate`.
   */
  adminCertificates: '/api/admin/certificates',
  /** The organizer cancels a registration (frees its seat), or restores a cancelled one. */
  adminCancel: '/api/admin/registrations/:id/cancel',
  adminRestore: '/api/admin/registrations/:id/restore',
  /** Many at once: `{"ids": […]}`. */
  adminBulkConfirm: '/api/admin/registrations/confirm',
  /** A new copy of each selected registration's failed messages: `{"ids": […]}`. */
  adminBulkResend: '/api/admin/registrations/resend',
  /** A registration's messages (e-mail, WhatsApp), and a new copy of one. */
  adminMessages: '/api/admin/registrations/:id/messages',
  /** Which channels send by themselves, and whether one is paused. */
  adminMessaging: '/api/admin/messaging',
  /** 'Avisar inscritos': the announcements sent (GET), a new one (POST); decision 0269. */
  adminAnnouncements: '/api/admin/announcements',
  /** How many each audience reaches now, and where a test goes. */
  adminAnnouncementAudience: '/api/admin/announcements/audience',
  /** A test to the signed-in organizer's own address, composed as the real one. */
  adminAnnouncementTest: '/api/admin/announcements/test',
  /** What people answered the reminders, for 'Resultados' (issue 35.5); `?edition=<id>`. */
  adminReminderAnswers: '/api/admin/reminder-answers',
  /** WhatsApp Business (Meta): the verification handshake and the delivery statuses. */
  whatsappWebhook: '/api/webhooks/whatsapp',
  /** The live stream (Server-Sent Events) of changes to registrations. */
  adminLiveStream: '/api/admin/events',
  /** Who did what to a registration (confirm, ticket sent, check-in, undo, deletion). */
  adminAudit: '/api/admin/registrations/:id/audit',
  /** Door accounts, managed by admins. */
  adminAccounts: '/api/admin/accounts',
  adminAccount: '/api/admin/accounts/:id',
  /** The current edition's settings (GET, PUT). */
  adminEvent: '/api/admin/event',
  /**
   * How many answered each of its questions, and picked each option (GET): asked before a
   * question or an option is removed, and drawn by 'Resultados' (issue 34).
   */
  adminEventAnswers: '/api/admin/event/answers',
  /** Its logo: a PNG, JPEG or WebP picture as the body (PUT), or none (DELETE). */
  adminEventLogo: '/api/admin/event/logo',
  /** An image of a signature for the certificate: a PNG as the body (POST), answered as stored. */
  adminCertificateSignature: '/api/admin/event/certificate/signature',
  /**
   * The landing or the form rendered with settings not saved yet (POST, urlencoded, an admin's
   * browser tab): 'Ver página' (decision 0222).
   */
  adminEventPreview: '/api/admin/event/preview',
  /** Every edition, newest first (GET); a new current one (POST). */
  adminEditions: '/api/admin/editions',
  /** One edition's registrations, read-only. */
  adminEditionRegistrations: '/api/admin/editions/:id/registrations',
  /** Who changed one edition's settings, when, and which fields. */
  adminEditionChanges: '/api/admin/editions/:id/changes',
  ticket: '/api/tickets/:code',
  doorAttendees: '/api/door/attendees',
  doorCheckIns: '/api/door/check-ins',
  doorCheckIn: '/api/door/check-ins/:id',
  /** The door's live stream: attendees as the door sees them. */
  doorLiveStream: '/api/door/events',
} as const;

/**
 * Public pages sent as their HTML alone, with no script: nothing on them changes once rendered, so
 * a link to one loads it as a document (docs/decisions/0100).
 */
export const scriptlessPages: readonly string[] = [
  paths.home,
  paths.thanks,
  thanksConfirmed,
  thanksWaitlisted,
  paths.privacy,
];

/** What the not-found page is rendered as, for any path the app has no route for. */
export const notFoundPage = '/404';

/**
 * What the answer to the form posted by the browser itself is rendered as (`POST /convite`, when
 * the form page's script never ran: docs/decisions/0177). No address shows it.
 */
export const formNotSentPage = 'POST /convite';

/** Paths the browser app renders with a 200; anything else gets the not-found page. */
export const pagePaths: readonly string[] = [
  ...Object.values(paths),
  thanksConfirmed,
  thanksWaitlisted,
];

/** Fills a route pattern's `:id`: `withId(api.adminConfirm, id)`. */
export function withId(pattern: string, id: string): string {
  return pattern.replace(':id', encodeURIComponent(id));
}

/** Fills a route pattern's `:code`: `withCode(ticketPage, code)`. */
export function withCode(pattern: string, code: string): string {
  return pattern.replace(':code', encodeURIComponent(code));
}

export function withToken(pattern: string, token: string): string {
  return pattern.replace(':token', encodeURIComponent(token));
}

/** The person's own page's absolute address on PUBLIC_URL: what every message carries. */
/** A step of the person's page (`attendeeCancel`, `attendeeAttend`) from the page's own address. */
export function attendeeStepUrl(personalUrl: string, step: string): string {
  return personalUrl + step.slice(attendeePage.length);
}

export function attendeePageUrl(publicUrl: string, token: string): string {
  return publicUrl.replace(/\/+$/, '') + withCode(attendeePage, token);
}

/**
 * The ticket page's absolute address on the site's public address (PUBLIC_URL): what its QR code
 * and the WhatsApp message carry.
 */
export function ticketPageUrl(publicUrl: string, code: string): string {
  return publicUrl.replace(/\/+$/, '') + withCode(ticketPage, code);
}

/** A certificate's verification page's absolute address: what the certificate's QR carries. */
export function certificatePageUrl(publicUrl: string, code: string): string {
  return publicUrl.replace(/\/+$/, '') + withCode(certificatePage, code);
}
