// The 'Evento' form: every setting of the current edition, checked with the shared schema before
// it is sent and answered field by field by the server; what was typed stays on screen (and in a
// draft, settings-draft.ts) until it is saved. Settings saved elsewhere meanwhile (another tab,
// another organizer, heard on the live stream) show at once in the fields not being edited.
import { skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { csvFileName } from '@shared/csv.ts';
import {
  eventSettingsSchema,
  eventSettingsFields,
  type EventSettings,
} from '@shared/event-settings.schema.ts';
import {
  admissionLabels,
  admissionModes,
  eventFieldLabels as labels,
  eventFieldLimits as limits,
} from '@shared/event-fields.ts';
import {
  messageTextFields,
  placeholderLabels,
  type MessageTextField,
} from '@shared/message-placeholders.ts';
import { fieldErrors, type Registration } from '@shared/registration.schema.ts';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Textarea } from '@/components/ui/textarea.tsx';
import { toast } from '@/components/ui/toaster.tsx';
import { ApiRequestError, isUnauthorized } from '@/lib/api-client.ts';
import { fetchEventSettings, saveEventSettings } from '../admin-api.ts';
import { editionsKey } from '../editions/editions-keys.ts';
import { useSetEventSettings } from '../use-event-settings.ts';
import { registrationsKey } from '../use-live-registrations.ts';
import { capacityWarning, seatsTaken } from './capacity-warning.ts';
import { erasedBySaving, erasureWarning } from './erasure-warning.ts';
import { eventSettingsTexts as texts } from './event-settings-texts.ts';
import { MessagePreview, previewEvent } from './message-preview.tsx';
import { LandingSection } from './landing-section.tsx';
import { RegistrationWindowSection } from './registration-window-section.tsx';
import { ThanksSection } from './thanks-section.tsx';
import { SettingsField } from './settings-field.tsx';
import { SettingsGroup } from './settings-group.tsx';
import { clearSettingsDraft, readSettingsDraft, writeSettingsDraft } from './settings-draft.ts';
import {
  differs,
  followSaved,
  formValues,
  mergeSaved,
  placeErrors,
  typedSince,
  settingsBody,
  type SettingsField as Field,
  type SettingsFieldErrors,
  type SettingsFormValues,
} from './settings-form-values.ts';
import { TimeZoneInput, timeThere } from './time-zone-field.tsx';

const messageFields = Object.keys(messageTextFields) as MessageTextField[];

export function EventSettingsForm({ settings }: { settings: EventSettings }) {
  const queryClient = useQueryClient();
  const setSettings = useSetEventSettings();
  const formRef = useRef<HTMLFormElement>(null);
  const [restored, setRestored] = useState(() => restoreDraft(settings));
  const [values, setValues] = useState<SettingsFormValues>(
    () => restored?.values ?? formValues(settings),
  );
  const [errors, setErrors] = useState<SettingsFieldErrors>({});
  const save = useMutation({ mutationFn: saveOverFresh });
  // The settings the values were started from; when others arrive (saved elsewhere, or this
  // form's own save), the fields still showing the old ones take the new.
  const [shownSettings, setShownSettings] = useState(settings);
  const [savedElsewhere, setSavedElsewhere] = useState(restored?.savedElsewhere ?? false);
  /** What this form's last save stored: its echo on the live stream is not another's save. */
  const [lastSaved, setLastSaved] = useState<EventSettings | null>(null);
  if (settings !== shownSettings) {
    const followed = followSaved(values, shownSettings, settings);
    setShownSettings(settings);
    setValues(followed);
    // What the organizer is typing stays: say why the other fields moved (not for this form's own
    // save, which the live stream may announce before the PUT answers, or after).
    const ownSave = lastSaved !== null && !differs(formValues(lastSaved), settings);
    if (differs(followed, settings) && !save.isPending && !ownSave) setSavedElsewhere(true);
  }
  const unsaved = differs(values, settings);
  // The current edition's list, kept live by the panel's one stream (read here, never loaded).
  const { data: registrations } = useQuery<Registration[]>({
    queryKey: registrationsKey,
    queryFn: skipToken,
  });
  const taken = useMemo(() => seatsTaken(registrations ?? []), [registrations]);
  const seatsWarning = capacityWarning(values.capacity, taken);
  const typed = useMemo(() => {
    const parsed = eventSettingsSchema.safeParse(settingsBody(values));
    return parsed.success ? parsed.data : undefined;
  }, [values]);
  const erasing = erasedBySaving(typed, settings, registrations ?? []);
  /** The settings waiting for the organizer's answer: saving them erases registrations. */
  const [askErasure, setAskErasure] = useState<EventSettings | null>(null);

  // The draft follows the form: kept while it differs from what is saved.
  useEffect(() => {
    if (unsaved) writeSettingsDraft({ values, base: shownSettings });
    else clearSettingsDraft();
  }, [values, unsaved, shownSettings]);

  function update(field: Field, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => {
      if (!(field in current)) return current;
      const { [field]: _cleared, ...rest } = current;
      return rest;
    });
  }

  /** Shows the errors, then takes the organizer to the first field in error. */
  function showErrors(next: SettingsFieldErrors) {
    flushSync(() => setErrors(next));
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }

  function discard() {
    setValues(formValues(settings));
    setErrors({});
    setRestored(null);
    setSavedElsewhere(false);
  }

  async function submit(formEvent: FormEvent<HTMLFormElement>) {
    formEvent.preventDefault();
    if (save.isPending) return;
    const parsed = eventSettingsSchema.safeParse(settingsBody(values));
    if (!parsed.success)
      return showErrors(placeErrors(fieldErrors(parsed.error), eventSettingsFields));
    setErrors({});
    // Registrations the retention job would erase right after: asked first, never silently.
    if (erasedBySaving(parsed.data, settings, registrations ?? []) > 0) {
      setAskErasure(parsed.data);
      return;
    }
    await send(parsed.data);
  }

  async function send(typed: EventSettings) {
    // The values sent: what is typed while the save is on its way stays after it.
    const sent = values;
    let saved: EventSettings;
    try {
      saved = await save.mutateAsync({ typed, base: shownSettings });
    } catch (error) {
      // A 401 ends the session in one place; the draft brings the values back after the login.
      if (isUnauthorized(error)) return;
      if (error instanceof ApiRequestError && Object.keys(error.fields).length > 0) {
        return showErrors(placeErrors(error.fields, eventSettingsFields));
      }
      toast.error(texts.saveFailed, {
        description: error instanceof ApiRequestError ? error.message : undefined,
      });
      return;
    }
    setLastSaved(saved);
    setSettings(saved);
    setValues((current) => typedSince(current, sent, formValues(saved)));
    setRestored(null);
    setSavedElsewhere(false);
    clearSettingsDraft();
    void queryClient.invalidateQueries({ queryKey: editionsKey });
    // Saved below the seats already taken: said again, since nobody was un-confirmed.
    toast.success(texts.saved, {
      description: capacityWarning(formValues(saved).capacity, taken) ?? texts.savedDescription,
    });
  }

  /** The props every field's control carries, and its value and change. */
  const bind = (field: Field) => ({
    value: values[field],
    onChange: (e: { target: { value: string } }) => update(field, e.target.value),
  });
  const field = (
    name: Field,
    render: Parameters<typeof SettingsField>[0]['children'],
    help?: ReactNode,
  ) => (
    <SettingsField name={name} label={labels[name]} error={errors[name]} help={help}>
      {render}
    </SettingsField>
  );
  const now = timeThere(values.timeZone);
  const preview = previewEvent(values, settings);

  return (
    <form ref={formRef} noValidate onSubmit={submit} className="grid gap-8">
      {restored && (
        <div
          role="status"
          className="bg-warning text-warning-foreground flex flex-wrap items-center justify-between gap-2 rounded-lg px-4 py-3 text-sm font-semibold"
        >
          <span>{texts.draftRestored}</span>
          <Button size="sm" variant="outline" onClick={discard}>
            {texts.discard}
          </Button>
        </div>
      )}
      {savedElsewhere && unsaved && (
        <p
          role="status"
          className="bg-warning text-warning-foreground rounded-lg px-4 py-3 text-sm font-semibold"
        >
          {texts.savedElsewhere}
        </p>
      )}

      <SettingsGroup legend={texts.groups.event}>
        {field('name', (control) => (
          <Input {...control} {...bind('name')} maxLength={limits.name} autoComplete="off" />
        ))}
        {field(
          'tagline',
          (control) => (
            <Input
              {...control}
              {...bind('tagline')}
              maxLength={limits.tagline}
              autoComplete="off"
            />
          ),
          texts.help.tagline,
        )}
      </SettingsGroup>

      <LandingSection values={values} errors={errors} update={update} />

      <SettingsGroup legend={texts.groups.when} columns>
        {field(
          'date',
          (control) => (
            <Input {...control} {...bind('date')} type="date" />
          ),
          <>
            {texts.help.date}
            <span
              aria-live="polite"
              className="text-foreground mt-1 block font-semibold empty:hidden"
            >
              {erasing > 0 ? erasureWarning(erasing) : ''}
            </span>
          </>,
        )}
        {field('time', (control) => (
          <Input {...control} {...bind('time')} type="time" step={60} />
        ))}
        {field(
          'timeZone',
          (control) => (
            <TimeZoneInput
              {...control}
              value={values.timeZone}
              onChange={(v) => update('timeZone', v)}
            />
          ),
          <>
            {texts.help.timeZone}
            {now && <span className="block">{texts.help.timeThere(now)}</span>}
          </>,
        )}
        {field(
          'durationMinutes',
          (control) => (
            <Input
              {...control}
              {...bind('durationMinutes')}
              inputMode="numeric"
              autoComplete="off"
            />
          ),
          texts.help.durationMinutes,
        )}
      </SettingsGroup>

      <SettingsGroup legend={texts.groups.where} columns>
        {field('venue', (control) => (
          <Input {...control} {...bind('venue')} maxLength={limits.venue} autoComplete="off" />
        ))}
        {field('city', (control) => (
          <Input {...control} {...bind('city')} maxLength={limits.city} autoComplete="off" />
        ))}
      </SettingsGroup>

      <SettingsGroup legend={texts.groups.seats} columns>
        {field(
          'capacity',
          (control) => (
            <Input {...control} {...bind('capacity')} inputMode="numeric" autoComplete="off" />
          ),
          <>
            {texts.help.capacity}
            {/* Always there, so a screen reader hears the warning as the number is typed. */}
            <span
              aria-live="polite"
              className="text-foreground mt-1 block font-semibold empty:hidden"
            >
              {seatsWarning}
            </span>
          </>,
        )}
        {field(
          'admission',
          (control) => (
            <select
              {...control}
              {...bind('admission')}
              className="border-input bg-background h-11 w-full rounded-lg border px-3 text-base"
            >
              {admissionModes.map((mode) => (
                <option key={mode} value={mode}>
                  {admissionLabels[mode]}
                </option>
              ))}
            </select>
          ),
          texts.help.admission,
        )}
      </SettingsGroup>

      <RegistrationWindowSection values={values} errors={errors} update={update} />
      <ThanksSection values={values} errors={errors} update={update} />

      <SettingsGroup legend={texts.groups.data} columns>
        {field(
          'organizer',
          (control) => (
            <Input
              {...control}
              {...bind('organizer')}
              maxLength={limits.organizer}
              autoComplete="off"
            />
          ),
          texts.help.organizer,
        )}
        {field(
          'contactEmail',
          (control) => (
            <Input
              {...control}
              {...bind('contactEmail')}
              type="email"
              maxLength={limits.contactEmail}
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
            />
          ),
          texts.help.contactEmail,
        )}
        {field(
          'retentionDays',
          (control) => (
            <Input {...control} {...bind('retentionDays')} inputMode="numeric" autoComplete="off" />
          ),
          texts.help.retentionDays,
        )}
        {field(
          'csvPrefix',
          (control) => (
            <Input
              {...control}
              {...bind('csvPrefix')}
              maxLength={limits.csvPrefix}
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
            />
          ),
          <span className="[overflow-wrap:anywhere]">
            {texts.help.csvPrefix(csvFileName(values.csvPrefix.trim(), new Date()))}
          </span>,
        )}
      </SettingsGroup>

      <SettingsGroup legend={texts.groups.messages} intro={texts.messagesIntro}>
        {messageFields.map((name) => (
          <div key={name} className="grid gap-3">
            {field(
              name,
              (control) => (
                <Textarea {...control} {...bind(name)} maxLength={limits.messageText} rows={6} />
              ),
              <Placeholders field={name} />,
            )}
            <MessagePreview field={name} text={values[name]} event={preview} />
          </div>
        ))}
      </SettingsGroup>

      {errors.form && (
        <p role="alert" className="text-destructive text-sm font-medium">
          {errors.form}
        </p>
      )}

      {/* Within reach at the bottom of a phone's screen, however long the form. */}
      <div className="bg-card sticky bottom-0 flex items-center justify-between gap-3 rounded-lg border px-4 py-3 shadow-sm">
        <p className="text-muted-foreground text-sm">{unsaved ? texts.unsaved : ''}</p>
        <Button type="submit" disabled={save.isPending} aria-busy={save.isPending || undefined}>
          {save.isPending ? texts.saving : texts.save}
        </Button>
      </div>

      <AlertDialog
        open={askErasure !== null}
        onOpenChange={(open) => {
          if (!open) setAskErasure(null);
        }}
      >
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{texts.erasure.title}</AlertDialogTitle>
            <AlertDialogDescription>
              {erasureWarning(
                askErasure ? erasedBySaving(askErasure, settings, registrations ?? []) : 0,
              )}{' '}
              {texts.erasure.description}
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel asChild>
              <Button variant="outline">{texts.erasure.back}</Button>
            </AlertDialogCancel>
            <Button
              variant="destructive"
              onClick={() => {
                const body = askErasure;
                setAskErasure(null);
                if (body) void send(body);
              }}
            >
              {texts.erasure.confirm}
            </Button>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </form>
  );
}

/**
 * Saves what was typed over the settings read just before: a save made elsewhere that the live
 * stream has not told of (a proxy holding it back, a phone between networks) stays in the fields
 * this form did not change, instead of being saved back over (decision 0163).
 */
async function saveOverFresh({ typed, base }: { typed: EventSettings; base: EventSettings }) {
  const fresh = await fetchEventSettings();
  return saveEventSettings(mergeSaved(typed, base, fresh));
}

/**
 * The draft this tab kept, laid over the settings saved since it was typed (another organizer's
 * save, a new edition): the fields it did not change show what is saved now (decision 0163).
 * Null when there is none, or it changes nothing any more.
 */
function restoreDraft(
  settings: EventSettings,
): { values: SettingsFormValues; savedElsewhere: boolean } | null {
  const draft = readSettingsDraft(eventSettingsFields);
  if (draft === null) return null;
  const values = followSaved(draft.values, draft.base, settings);
  if (!differs(values, settings)) return null;
  return { values, savedElsewhere: differs(formValues(draft.base), settings) };
}

/** Which placeholders a text may hold, and what each becomes. */
function Placeholders({ field }: { field: MessageTextField }) {
  return (
    <span className="block">
      {texts.placeholdersHeading}:{' '}
      {messageTextFields[field].map((name, index) => (
        <span key={name}>
          {index > 0 && '; '}
          <code className="text-foreground">{`{${name}}`}</code> {placeholderLabels[name]}
        </span>
      ))}
    </span>
  );
}
