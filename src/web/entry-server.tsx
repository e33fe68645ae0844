// The server's entry (built by `vite build --ssr` into dist/ssr): renders a public page to HTML
// with the same components the browser hydrates. The server calls it once per page at start,
// never per request (src/server/web/rendered-pages.ts). The ticket page is the exception: it is
// personal, so it is rendered per request, and sent without scripts (nothing to hydrate).
import { StrictMode, type ReactNode } from 'react';
// The edge build: the same prerender without the Node build's AsyncLocalStorage, which once
// entered turns Node's promise hooks on for the whole process, a cost on every promise of every
// request (decision 0128).
import { prerender } from 'react-dom/static.edge';
import { eventDates } from '@shared/event.ts';
import type { EventSettings } from '@shared/event-settings.schema.ts';
import { paths } from '@shared/paths.ts';
import type {
  AttendeePageData,
  CertificateLookupData,
  CertificatePageData,
  FormStart,
  MessageProviders,
  RenderedPage,
  TicketPageData,
} from '@shared/rendered-page.ts';
import { App } from './app/app.tsx';
import { routeAt } from './app/routes.ts';
import { AttendeePage } from './features/attendee/attendee-page.tsx';
import { CertificateLookupPage } from './features/certificate/certificate-lookup-page.tsx';
import { CertificatePage } from './features/certificate/certificate-page.tsx';
import { FormNotSentPage } from './features/form-not-sent/form-not-sent-page.tsx';
import { FormStartContext } from './features/registration/form-start.ts';
import { TicketPage } from './features/ticket/ticket-page.tsx';
import { DocumentTitleContext } from './lib/use-document-title.ts';

/** The page's HTML, and the title it asked for (the event's name if none). */
async function render(page: ReactNode, event: EventSettings): Promise<RenderedPage> {
  let title = event.name;
  const { prelude } = await prerender(
    <StrictMode>
      <DocumentTitleContext value={(pageTitle) => (title = pageTitle)}>{page}</DocumentTitleContext>
    </StrictMode>,
  );
  const html = await new Response(prelude).text();
  return { html, title };
}

export async function renderPage(
  path: string,
  event: EventSettings,
  providers: MessageProviders,
): Promise<RenderedPage> {
  await routeAt(path).preload?.();
  return render(
    <App event={event} dates={eventDates(event)} providers={providers} ssrPath={path} />,
    event,
  );
}

export function renderTicketPage(data: TicketPageData): Promise<RenderedPage> {
  return render(<TicketPage {...data} />, data.event);
}

/** The person's own page (/inscricao/<token>): personal, per request, without script. */
export function renderAttendeePage(data: AttendeePageData): Promise<RenderedPage> {
  return render(<AttendeePage {...data} />, data.event);
}

/** A certificate's verification page (/certificado/<code>): per request, without script. */
export function renderCertificatePage(data: CertificatePageData): Promise<RenderedPage> {
  return render(<CertificatePage {...data} />, data.event);
}

/** '/validar', its field empty or with what was typed and why it is no code. */
export function renderCertificateLookup(data: CertificateLookupData): Promise<RenderedPage> {
  return render(<CertificateLookupPage {...data} />, data.event);
}

/** The answer to the form the browser posted itself (the form page's script never ran). */
export function renderFormNotSentPage(event: EventSettings): Promise<RenderedPage> {
  return render(<FormNotSentPage event={event} />, event);
}

/** The form page again, filled, after the server refused the form posted without script (0209). */
export async function renderRefusedForm(
  event: EventSettings,
  providers: MessageProviders,
  start: FormStart,
): Promise<RenderedPage> {
  await routeAt(paths.register).preload?.();
  return render(
    <FormStartContext value={start}>
      <App event={event} dates={eventDates(event)} providers={providers} ssrPath={paths.register} />
    </FormStartContext>,
    event,
  );
}
