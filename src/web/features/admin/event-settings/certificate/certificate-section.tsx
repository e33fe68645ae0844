// 'Certificado' in the 'Evento' form (issue 36.1): on or off, the workload, the text with its
// placeholders explained, and one or two signers. One setting, an object, held by the form as its
// JSON; the server names the whole, each input says which of its parts is wrong.
import { useState } from 'react';
import { certificateLimits as limits } from '@shared/certificate-settings.schema.ts';
import type { EventLogo } from '@shared/event-logo.ts';
import {
  certificateHours,
  certificatePlaceholders,
  formatCertificateHours,
} from '@shared/certificate-text.ts';
import { Input } from '@/components/ui/input.tsx';
import { Textarea } from '@/components/ui/textarea.tsx';
import { SettingsField } from '../settings-field.tsx';
import type { SettingsField as Field, SettingsFieldErrors } from '../settings-form-values.ts';
import { SettingsGroup } from '../settings-group.tsx';
import { CertificatePreview } from './certificate-preview.tsx';
import { certificateTexts as texts } from './certificate-texts.ts';
import {
  certificateErrors,
  certificateOf,
  hoursFromText,
  hoursText,
  type HeldCertificate,
} from './certificate-values.ts';
import { SignersFields } from './signers-fields.tsx';

export interface CertificateSectionProps {
  values: Record<'certificate' | 'durationMinutes' | 'name' | 'date' | 'venue' | 'city', string>;
  errors: SettingsFieldErrors;
  update(field: Field, value: string): void;
  /** The event page's logo, which the certificate carries too (saved apart from 'Salvar'). */
  logo: EventLogo | null;
}

/** The event's duration rounded, as an empty field prints it ('3 horas'). */
function defaultHours(durationMinutes: string): number {
  const minutes = Number(durationMinutes);
  return certificateHours({ hours: null }, Number.isFinite(minutes) && minutes > 0 ? minutes : 60);
}

export function CertificateSection({ values, errors, update, logo }: CertificateSectionProps) {
  const held = certificateOf(values.certificate);
  // Each part's error only once the form named the setting (on save, or the server's answer).
  const parts = errors.certificate ? certificateErrors(held) : {};
  const change = (part: Partial<HeldCertificate>) =>
    update('certificate', JSON.stringify({ ...held, ...part }));
  const placed = Object.keys(parts).some((key) => key !== '_');
  const fallbackHours = defaultHours(values.durationMinutes);

  return (
    <SettingsGroup legend={texts.legend} intro={texts.intro}>
      <SettingsField
        name="certificate-enabled"
        label={texts.enabled}
        help={texts.enabledHelp}
        error={parts.enabled}
      >
        {(control) => (
          <input
            {...control}
            type="checkbox"
            checked={held.enabled === true}
            onChange={(e) => change({ enabled: e.target.checked })}
            className="accent-primary size-6"
          />
        )}
      </SettingsField>
      <HoursField
        hours={held.hours}
        fallback={fallbackHours}
        error={parts.hours}
        onChange={(hours) => change({ hours })}
      />
      <SettingsField
        name="certificate-text"
        label={texts.text}
        error={parts.text}
        help={<PlaceholdersHelp length={held.text.length} />}
      >
        {(control) => (
          <Textarea
            {...control}
            value={held.text}
            onChange={(e) => change({ text: e.target.value })}
            maxLength={limits.text}
            rows={4}
          />
        )}
      </SettingsField>
      <SignersFields
        signers={held.signers}
        errors={parts}
        onChange={(signers) => change({ signers })}
      />
      {/* Said here only when no part holds it (a value this form never typed). */}
      <p
        id="evento-certificate"
        tabIndex={-1}
        aria-live="polite"
        className="text-destructive text-sm font-medium empty:hidden"
      >
        {errors.certificate && !placed ? errors.certificate : ''}
      </p>
      <CertificatePreview
        held={held}
        logo={logo}
        event={{
          name: values.name,
          date: values.date,
          venue: values.venue,
          city: values.city,
          durationMinutes: values.durationMinutes,
        }}
      />
    </SettingsGroup>
  );
}

/** The hours as typed ('7,' on the way to '7,5' stays), held as a number once they are one. */
function HoursField({
  hours,
  fallback,
  error,
  onChange,
}: {
  hours: HeldCertificate['hours'];
  fallback: number;
  error?: string;
  onChange(hours: HeldCertificate['hours']): void;
}) {
  const [typed, setTyped] = useState(() => hoursText(hours));
  const [typedFor, setTypedFor] = useState(hours);
  // Changed from elsewhere (discarded, saved in another tab): the field shows the new value.
  if (hours !== typedFor) {
    setTyped(hoursText(hours));
    setTypedFor(hours);
  }
  return (
    <SettingsField
      name="certificate-hours"
      label={texts.hours}
      error={error}
      help={texts.hoursHelp(formatCertificateHours(fallback))}
    >
      {(control) => (
        <Input
          {...control}
          value={typed}
          inputMode="decimal"
          autoComplete="off"
          placeholder={hoursText(fallback)}
          className="max-w-40"
          onChange={(e) => {
            const next = hoursFromText(e.target.value);
            setTyped(e.target.value);
            setTypedFor(next);
            onChange(next);
          }}
        />
      )}
    </SettingsField>
  );
}

function PlaceholdersHelp({ length }: { length: number }) {
  return (
    <>
      {texts.placeholdersIntro}
      <span className="mt-1 grid gap-0.5">
        {certificatePlaceholders.map((name) => (
          <span key={name}>
            <code className="text-foreground font-mono">{`{${name}}`}</code>:{' '}
            {texts.placeholders[name]}
          </span>
        ))}
      </span>
      <span className="mt-1 block">{texts.textLength(length, limits.text)}</span>
    </>
  );
}
