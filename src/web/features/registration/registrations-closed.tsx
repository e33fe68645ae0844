// What the form page shows instead of the form while registrations are not open (issue 33.5):
// when they open, or that they are closed, with the organizer's contact e-mail.
import { closedTexts } from '@shared/registration-window.ts';
import { useEvent, useEventDates } from '@/lib/event-config.ts';

export function RegistrationsClosed() {
  const event = useEvent();
  const { registration, registrationOpens } = useEventDates();
  return (
    <div role="status" className="grid gap-2">
      <h2 id="form-title" className="text-xl font-bold tracking-tight">
        {registration !== 'open' && closedTexts.heading(registration, registrationOpens)}
      </h2>
      <p className="text-muted-foreground text-base">
        {closedTexts.contact}{' '}
        <a
          href={`mailto:${event.contactEmail}`}
          className="text-foreground font-semibold underline underline-offset-4 [overflow-wrap:anywhere]"
        >
          {event.contactEmail}
        </a>
        .
      </p>
    </div>
  );
}
