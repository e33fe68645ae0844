import { useEvent, useEventDates } from '@/lib/event-config.ts';
import { useDocumentTitle } from '@/lib/use-document-title.ts';
import { EventHeader } from './event-header.tsx';
import { RegistrationForm } from './registration-form.tsx';
import { RegistrationsClosed } from './registrations-closed.tsx';

export function RegistrationPage() {
  const event = useEvent();
  const { registration } = useEventDates();
  useDocumentTitle(`Inscrição · ${event.name}`);
  return (
    <main className="min-h-dvh pb-12">
      <EventHeader />
      <div className="mx-auto -mt-10 max-w-xl px-3 sm:px-5">
        <section
          aria-labelledby="form-title"
          className="bg-card rounded-2xl border p-5 shadow-lg shadow-black/5 sm:p-8"
        >
          {registration === 'open' ? (
            <>
              <h2 id="form-title" className="text-xl font-bold tracking-tight">
                Faça sua inscrição
              </h2>
              <div className="mt-2">
                <RegistrationForm />
              </div>
            </>
          ) : (
            <RegistrationsClosed />
          )}
        </section>
      </div>
    </main>
  );
}
