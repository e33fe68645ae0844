// The 'Evento' form: every setting of the current edition, checked with the shared schema before
// it is sent and answered field by field by the server; what was typed stays on screen (and in a
// draft, use-settings-draft.ts) until it is saved. The shell composes: the draft and the save are
// hooks, each group of fields its own section.
import { skipToken, useQuery } from '@tanstack/react-query';
import { useMemo, useRef } from 'react';
import { eventSettingsSchema } from '@shared/event-settings.schema.ts';
import type { Registration } from '@shared/registration.schema.ts';
import { Button } from '@/components/ui/button.tsx';
import type { VersionedSettings } from '../admin-api.ts';
import { registrationsKey } from '../use-live-registrations.ts';
import { capacityWarning, seatsTaken } from './capacity-warning.ts';
import { CertificateSection } from './certificate/certificate-section.tsx';
import { DataSection } from './data-section.tsx';
import { ErasureDialog } from './erasure-dialog.tsx';
import { erasedBySaving } from './erasure-warning.ts';
import { EventSection } from './event-section.tsx';
import { eventSettingsTexts as texts } from './event-settings-texts.ts';
import { FormSection } from './form-questions/form-section.tsx';
import { LandingSection } from './landing-section.tsx';
import { MessagesSection } from './messages-section.tsx';
import { PagePreview } from './page-preview.tsx';
import { RegistrationWindowSection } from './registration-window-section.tsx';
import { SeatsSection } from './seats-section.tsx';
import { settingsBody } from './settings-form-values.ts';
import { ThanksSection } from './thanks-section.tsx';
import { useSettingsDraft } from './use-settings-draft.ts';
import { useSaveSettingsMutation, useSettingsSave } from './use-settings-save.ts';
import { WhenSection } from './when-section.tsx';
import { WhereSection } from './where-section.tsx';

export function EventSettingsForm({ current }: { current: VersionedSettings }) {
  const { settings } = current;
  const formRef = useRef<HTMLFormElement>(null);
  const save = useSaveSettingsMutation();
  const draft = useSettingsDraft(current, save.isPending);
  const { values, errors, update, unsaved } = draft;
  // The current edition's list, kept live by the panel's one stream (read here, never loaded).
  const { data: registrations } = useQuery<Registration[]>({
    queryKey: registrationsKey,
    queryFn: skipToken,
  });
  const taken = useMemo(() => seatsTaken(registrations ?? []), [registrations]);
  const typed = useMemo(() => {
    const parsed = eventSettingsSchema.safeParse(settingsBody(values));
    return parsed.success ? parsed.data : undefined;
  }, [values]);
  const erasing = erasedBySaving(typed, settings, registrations ?? []);
  const { submit, erasure, conflict } = useSettingsSave({
    settings,
    draft,
    save,
    registrations,
    taken,
    formRef,
  });
  const section = { values, errors, update };

  return (
    <form ref={formRef} noValidate onSubmit={submit} className="grid gap-8">
      {draft.restored && (
        <div
          role="status"
          className="bg-warning text-warning-foreground flex flex-wrap items-center justify-between gap-2 rounded-lg px-4 py-3 text-sm font-semibold"
        >
          <span>{texts.draftRestored}</span>
          <Button size="sm" variant="outline" onClick={draft.discard}>
            {texts.discard}
          </Button>
        </div>
      )}
      {draft.savedElsewhere && unsaved && (
        <p
          role="status"
          className="bg-warning text-warning-foreground rounded-lg px-4 py-3 text-sm font-semibold"
        >
          {texts.savedElsewhere}
        </p>
      )}

      <EventSection {...section} logo={settings.logo} />
      <LandingSection {...section} />
      <WhenSection {...section} erasing={erasing} />
      <WhereSection {...section} />
      <SeatsSection {...section} seatsWarning={capacityWarning(values.capacity, taken)} />
      <RegistrationWindowSection {...section} />
      <FormSection {...section} saved={settings} />
      <ThanksSection {...section} />
      <DataSection {...section} />
      <MessagesSection {...section} settings={settings} />
      <CertificateSection {...section} logo={settings.logo} />

      {errors.form && (
        <p role="alert" className="text-destructive text-sm font-medium">
          {errors.form}
        </p>
      )}

      {/* Within reach at the bottom of a phone's screen, however long the form. */}
      <div className="bg-card sticky bottom-0 grid gap-3 rounded-lg border px-4 py-3 shadow-sm">
        {/* Where the organizer looks after 'Salvar', wherever the form is scrolled to. */}
        <div role="alert" className="empty:hidden">
          {conflict.message && (
            <div className="bg-warning text-warning-foreground flex flex-wrap items-center justify-between gap-2 rounded-lg px-3 py-2 text-sm font-semibold">
              <span>{conflict.message}</span>
              <Button
                size="sm"
                variant="outline"
                disabled={conflict.reloading}
                onClick={() => void conflict.reload()}
              >
                {conflict.reloading ? texts.reloading : texts.reload}
              </Button>
            </div>
          )}
        </div>
        <div className="flex items-center justify-between gap-3">
          <p className="text-muted-foreground text-sm">{unsaved ? texts.unsaved : ''}</p>
          <div className="flex flex-wrap justify-end gap-2">
            <PagePreview draft={draft} logo={settings.logo} />
            <Button type="submit" disabled={save.isPending} aria-busy={save.isPending || undefined}>
              {save.isPending ? texts.saving : texts.save}
            </Button>
          </div>
        </div>
      </div>

      <ErasureDialog
        open={erasure.asked !== null}
        count={erasure.asked ? erasedBySaving(erasure.asked, settings, registrations ?? []) : 0}
        onBack={erasure.back}
        onConfirm={erasure.confirm}
      />
    </form>
  );
}
