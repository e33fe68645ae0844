// The first start's last screen (issue 33.7, decisions 0227, 0228): right after the setup link made
// the first admin, the event's name, date, time, time zone, city and venue, and the country its
// visitors' phones are read in (proposed from the zone). Saved through the event's own save, with
// its checks and its history; 'Pular' keeps the example's. Either way, the panel next.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { countryOptions } from '@shared/country-options.ts';
import { eventFieldLabels as labels, eventFieldLimits as limits } from '@shared/event-fields.ts';
import { eventSettingsSchema, type EventSettings } from '@shared/event-settings.schema.ts';
import { fieldErrors } from '@shared/registration.schema.ts';
import { Button } from '@/components/ui/button.tsx';
import { Input } from '@/components/ui/input.tsx';
import { toast } from '@/components/ui/toaster.tsx';
import { ApiRequestError, isUnauthorized } from '@/lib/api-client.ts';
import { useEvent } from '@/lib/event-config.ts';
import { useDocumentTitle } from '@/lib/use-document-title.ts';
import { saveEventSettings, type VersionedSettings } from '../admin-api.ts';
import { SettingsField, type ControlProps } from '../event-settings/settings-field.tsx';
import { placeErrors } from '../event-settings/settings-form-values.ts';
import { TimeZoneInput, timeThere } from '../event-settings/time-zone-field.tsx';
import { useSetEventSettings } from '../use-event-settings.ts';
import { firstStartKey, skipFirstStart } from './first-start-api.ts';
import { firstStartTexts as texts } from './first-start-texts.ts';
import {
  firstStartFields,
  firstStartValues,
  proposedCountry,
  withFirstStart,
  type FirstStartField,
} from './first-start-values.ts';

type Errors = Partial<Record<FirstStartField | 'form', string>>;

/** This browser's own zone: where the organizer most likely is. */
function browserZone(): string | undefined {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

export function FirstStartScreen({ current }: { current: VersionedSettings }) {
  const { settings, version } = current;
  const event = useEvent();
  useDocumentTitle(`${texts.title} · Painel Administrativo · ${event.name}`);
  const queryClient = useQueryClient();
  const setSettings = useSetEventSettings();
  const [values, setValues] = useState(() => firstStartValues(settings, browserZone()));
  // Once the organizer picks a country, a new zone no longer proposes one.
  const [countryChosen, setCountryChosen] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const countries = useMemo(() => countryOptions(), []);
  const formRef = useRef<HTMLFormElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  // A new screen: start at its title, as a new page would.
  useEffect(() => heading.current?.focus(), []);

  const done = () => queryClient.setQueryData(firstStartKey, { pending: false });
  // Over the version it was read at (decision 0215): a save made meanwhile is said, not undone.
  const save = useMutation({
    mutationFn: (typed: EventSettings) => saveEventSettings(typed, version),
  });
  const skip = useMutation({ mutationFn: skipFirstStart });
  const busy = save.isPending || skip.isPending;

  function update(field: FirstStartField, value: string) {
    setValues((current) => {
      const next = { ...current, [field]: value };
      if (field === 'timeZone' && !countryChosen) {
        next.phoneCountry = proposedCountry(value, current.phoneCountry);
      }
      return next;
    });
    if (field === 'phoneCountry') setCountryChosen(true);
    setErrors(({ [field]: _cleared, ...rest }) => rest);
  }

  /** Shows the errors, then takes the organizer to the first field in error. */
  function showErrors(next: Errors) {
    flushSync(() => setErrors(next));
    const invalid = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (invalid) invalid.focus();
    else toast.error(next.form ?? texts.fixFields);
  }

  async function submit(formEvent: FormEvent<HTMLFormElement>) {
    formEvent.preventDefault();
    if (busy) return;
    const parsed = eventSettingsSchema.safeParse(withFirstStart(settings, values));
    if (!parsed.success) {
      return showErrors(placeErrors(fieldErrors(parsed.error), firstStartFields));
    }
    setErrors({});
    try {
      const saved = await save.mutateAsync(parsed.data);
      setSettings(saved.settings, saved.version);
    } catch (error) {
      // A 401 ends the session in one place (the login form); what was typed is then retyped.
      if (isUnauthorized(error)) return;
      if (error instanceof ApiRequestError && Object.keys(error.fields).length > 0) {
        return showErrors(placeErrors(error.fields, firstStartFields));
      }
      const message = error instanceof ApiRequestError ? error.message : texts.saveFailed;
      setErrors({ form: message });
      return;
    }
    toast.success(texts.saved, { description: texts.savedDescription });
    done();
  }

  async function skipStep() {
    if (busy) return;
    try {
      await skip.mutateAsync();
    } catch (error) {
      if (isUnauthorized(error)) return;
      setErrors({ form: error instanceof ApiRequestError ? error.message : texts.skipFailed });
      return;
    }
    done();
  }

  const bind = (field: FirstStartField) => ({
    value: values[field],
    onChange: (changed: { target: { value: string } }) => update(field, changed.target.value),
  });
  const field = (
    name: FirstStartField,
    render: (control: ControlProps) => ReactNode,
    help?: ReactNode,
  ) => (
    <SettingsField
      name={name}
      label={labels[name]}
      error={errors[name]}
      help={help}
      className={name === 'name' ? 'sm:col-span-2' : undefined}
    >
      {render}
    </SettingsField>
  );
  const now = timeThere(values.timeZone);

  return (
    <main className="flex min-h-dvh justify-center px-4 py-10">
      <div className="bg-card h-fit w-full max-w-xl rounded-lg border p-6 shadow-sm sm:p-8">
        <p className="text-muted-foreground text-sm font-medium">
          {event.name} · Painel Administrativo
        </p>
        <h1
          ref={heading}
          tabIndex={-1}
          className="mt-1 text-2xl font-bold tracking-tight focus-visible:outline-none"
        >
          {texts.title}
        </h1>
        <p className="text-muted-foreground mt-2 text-sm">{texts.intro}</p>

        <form ref={formRef} noValidate onSubmit={submit} className="mt-6 grid gap-5 sm:grid-cols-2">
          {field('name', (control) => (
            <Input
              {...control}
              {...bind('name')}
              maxLength={limits.name}
              placeholder={texts.placeholders.name}
              autoComplete="off"
            />
          ))}
          {field(
            'date',
            (control) => (
              <Input {...control} {...bind('date')} type="date" />
            ),
            texts.help.date,
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
                onChange={(zone) => update('timeZone', zone)}
              />
            ),
            <>
              {texts.help.timeZone}
              {now && <span className="block">{texts.help.timeThere(now)}</span>}
            </>,
          )}
          {field('city', (control) => (
            <Input
              {...control}
              {...bind('city')}
              maxLength={limits.city}
              placeholder={texts.placeholders.city}
              autoComplete="off"
            />
          ))}
          {field('venue', (control) => (
            <Input
              {...control}
              {...bind('venue')}
              maxLength={limits.venue}
              placeholder={texts.placeholders.venue}
              autoComplete="off"
            />
          ))}
          {field(
            'phoneCountry',
            (control) => (
              <select
                {...control}
                {...bind('phoneCountry')}
                className="border-input bg-background h-11 w-full rounded-lg border px-3 text-base"
              >
                {countries.map((country) => (
                  <option key={country.code} value={country.code}>
                    {country.label}
                  </option>
                ))}
              </select>
            ),
            texts.help.phoneCountry,
          )}
          <p
            role="alert"
            className="text-destructive text-sm font-medium empty:hidden sm:col-span-2"
          >
            {errors.form}
          </p>
          <div className="flex flex-wrap items-center gap-3 sm:col-span-2">
            <Button type="submit" size="lg" disabled={busy} aria-busy={save.isPending || undefined}>
              {save.isPending ? texts.saving : texts.save}
            </Button>
            <Button
              type="button"
              size="lg"
              variant="outline"
              disabled={busy}
              aria-busy={skip.isPending || undefined}
              aria-describedby="primeiro-evento-pular"
              onClick={() => void skipStep()}
            >
              {skip.isPending ? texts.skipping : texts.skip}
            </Button>
          </div>
          <p id="primeiro-evento-pular" className="text-muted-foreground text-sm sm:col-span-2">
            {texts.skipHelp}
          </p>
        </form>
      </div>
    </main>
  );
}
