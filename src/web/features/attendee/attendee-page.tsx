// The person's own page (/inscricao/<token>, decision 0130): where their registration stands,
// their ticket's link, their place on the waiting list, and 'Não poderei comparecer' with its
// confirmation step (a plain form POST), and 'Vou comparecer' from the reminder e-mail with its own
// step (issue 35.2). Rendered by the server per request and sent without
// any script (entry-server.tsx): it works the same with JavaScript off.
import { Award, CircleCheckBig, CircleX, Clock, Hourglass, Ticket } from 'lucide-react';
import type { ReactNode } from 'react';
import { eventDates } from '@shared/event.ts';
import type { AttendeeLock, AttendeePageData } from '@shared/rendered-page.ts';
import { Button } from '@/components/ui/button.tsx';
import { EventDatesProvider, EventProvider } from '@/lib/event-config.ts';
import { useDocumentTitle } from '@/lib/use-document-title.ts';
import { EventDetails } from '@/features/registration/event-details.tsx';

export const attendeeTexts = {
  title: 'Sua inscrição',
  hello: (name: string) => `Olá, ${name}!`,
  pending:
    'Inscrição recebida: em análise pela organização. Quando for confirmada, você receberá seu ingresso por e-mail e WhatsApp.',
  confirmed: 'Inscrição confirmada! Mostre o QR code do seu ingresso na entrada.',
  /** Confirmed, with nothing left to show at the door (issue 31.10). */
  confirmedInside: 'Sua entrada no evento já foi registrada. Bom evento!',
  confirmedOver: 'Inscrição confirmada.',
  ticket: 'Ver meu ingresso',
  /** Once their certificate of attendance is issued (issue 36.6). */
  certificate: 'Baixar certificado',
  waitlisted: (position: number) =>
    `Você está na lista de espera, na posição ${position}. Se uma vaga for liberada, ela vai para a próxima pessoa da lista, por ordem de chegada, e o ingresso chega quando a vaga for confirmada.`,
  cancelled: 'Inscrição cancelada. Se você tinha uma vaga, ela foi liberada para outra pessoa.',
  locked: {
    past_edition: 'Esta inscrição é de uma edição passada e não pode mais ser alterada.',
    event_over: 'O evento já terminou: esta inscrição não pode mais ser alterada.',
    checked_in: 'Sua entrada no evento já foi registrada: a inscrição não pode mais ser cancelada.',
  } satisfies Record<AttendeeLock, string>,
  cannotCome: 'Não poderei comparecer',
  /** What cancelling does, by state: only a confirmed person holds a seat (issue 31.10). */
  cannotComeHint: {
    confirmed: 'Avise se não puder ir: sua vaga passa para quem está na lista de espera.',
    pending: 'Avise se não puder ir: sua inscrição é cancelada e sai da análise da organização.',
    waitlisted: 'Avise se não puder ir: você sai da lista de espera.',
  },
  confirmHeading: 'Cancelar sua inscrição?',
  confirmText: {
    confirmed:
      'Sua vaga será liberada para outra pessoa e seu ingresso deixará de valer. Não é possível desfazer por aqui.',
    pending:
      'Sua inscrição será cancelada e não será mais analisada pela organização. Não é possível desfazer por aqui.',
    waitlisted:
      'Você sairá da lista de espera e não receberá ingresso. Não é possível desfazer por aqui.',
  },
  confirmCancel: 'Sim, cancelar minha inscrição',
  /** The reminder e-mail's 'Vou comparecer' (issue 35.2). */
  attendHeading: 'Confirmar sua presença?',
  attendText: 'A organização fica sabendo que você vai ao evento.',
  confirmAttend: 'Sim, vou comparecer',
  attending: 'Você confirmou presença. Até lá!',
  back: 'Voltar',
} as const;

const states: Record<AttendeePageData['status'], { icon: ReactNode; tone: string }> = {
  pending: { icon: <Clock aria-hidden="true" className="size-6 shrink-0" />, tone: 'bg-muted' },
  confirmed: {
    icon: <CircleCheckBig aria-hidden="true" className="size-6 shrink-0" />,
    tone: 'bg-success/10 text-success',
  },
  waitlisted: {
    icon: <Hourglass aria-hidden="true" className="size-6 shrink-0" />,
    tone: 'bg-warning text-warning-foreground',
  },
  cancelled: {
    icon: <CircleX aria-hidden="true" className="size-6 shrink-0" />,
    tone: 'bg-muted',
  },
};

function stateText({
  status,
  position,
  locked,
}: Pick<AttendeePageData, 'status' | 'position' | 'locked'>): string {
  switch (status) {
    case 'pending':
      return attendeeTexts.pending;
    case 'confirmed':
      if (locked === 'checked_in') return attendeeTexts.confirmedInside;
      if (locked) return attendeeTexts.confirmedOver;
      return attendeeTexts.confirmed;
    case 'waitlisted':
      return attendeeTexts.waitlisted(position ?? 1);
    case 'cancelled':
      return attendeeTexts.cancelled;
  }
}

export function AttendeePage(data: AttendeePageData) {
  const { event, name, status, ticketPath, certificatePath, pagePath, cancelPath, step, locked } =
    data;
  const attending = status === 'confirmed' && !locked;
  useDocumentTitle(`${attendeeTexts.title} · ${event.name}`);
  const state = states[status];
  return (
    <EventProvider value={event}>
      <EventDatesProvider value={eventDates(event)}>
        <main className="min-h-dvh px-4 py-10 sm:py-16">
          <div className="bg-card mx-auto grid max-w-md gap-5 rounded-2xl border p-6 shadow-lg shadow-black/5 sm:p-8">
            <header>
              <p className="text-muted-foreground text-sm font-medium">{event.name}</p>
              <h1 className="text-2xl font-extrabold tracking-tight">{attendeeTexts.title}</h1>
              <p className="mt-1 text-lg break-words">{attendeeTexts.hello(name)}</p>
            </header>

            <p
              className={`flex items-start gap-2 rounded-xl px-4 py-3 font-semibold ${state.tone}`}
            >
              {state.icon}
              <span>{stateText(data)}</span>
            </p>

            {attending && data.rsvp === 'yes' && (
              <p className="font-semibold">{attendeeTexts.attending}</p>
            )}

            {attending && data.rsvp === null && step === 'attend' && (
              <section aria-labelledby="presenca" className="grid gap-3 rounded-xl border p-4">
                <h2 id="presenca" className="text-lg font-bold">
                  {attendeeTexts.attendHeading}
                </h2>
                <p>{attendeeTexts.attendText}</p>
                <form method="post" action={data.attendPath}>
                  <Button type="submit" size="lg" className="w-full text-base">
                    {attendeeTexts.confirmAttend}
                  </Button>
                </form>
                <Button asChild variant="ghost" size="lg" className="w-full text-base">
                  <a href={pagePath}>{attendeeTexts.back}</a>
                </Button>
              </section>
            )}

            {ticketPath && (
              <Button asChild size="lg" className="w-full text-base">
                <a href={ticketPath}>
                  <Ticket aria-hidden="true" className="size-5" />
                  {attendeeTexts.ticket}
                </a>
              </Button>
            )}

            {certificatePath && (
              <Button asChild size="lg" variant="outline" className="w-full text-base">
                <a href={certificatePath} download>
                  <Award aria-hidden="true" className="size-5" />
                  {attendeeTexts.certificate}
                </a>
              </Button>
            )}

            <section aria-labelledby="evento" className="bg-muted rounded-xl p-4">
              <h2 id="evento" className="font-bold">
                {event.name}
              </h2>
              <EventDetails className="mt-3" />
            </section>

            {locked && <p className="text-muted-foreground">{attendeeTexts.locked[locked]}</p>}

            {!locked && status !== 'cancelled' && step === 'view' && (
              <div className="grid gap-2">
                <p className="text-muted-foreground text-sm">
                  {attendeeTexts.cannotComeHint[status]}
                </p>
                <Button asChild variant="outline" size="lg" className="w-full text-base">
                  <a href={cancelPath}>{attendeeTexts.cannotCome}</a>
                </Button>
              </div>
            )}

            {!locked && status !== 'cancelled' && step === 'confirm' && (
              <section
                aria-labelledby="cancelar"
                className="border-destructive/40 grid gap-3 rounded-xl border p-4"
              >
                <h2 id="cancelar" className="text-lg font-bold">
                  {attendeeTexts.confirmHeading}
                </h2>
                <p>{attendeeTexts.confirmText[status]}</p>
                <form method="post" action={cancelPath}>
                  <Button
                    type="submit"
                    variant="destructive"
                    size="lg"
                    className="w-full text-base"
                  >
                    {attendeeTexts.confirmCancel}
                  </Button>
                </form>
                <Button asChild variant="ghost" size="lg" className="w-full text-base">
                  <a href={pagePath}>{attendeeTexts.back}</a>
                </Button>
              </section>
            )}
          </div>
        </main>
      </EventDatesProvider>
    </EventProvider>
  );
}
