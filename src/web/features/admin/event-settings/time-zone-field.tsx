// The time zone: a text box with the platform's own list of IANA zones as suggestions (a native
// <datalist>: typing 'sao' offers America/Sao_Paulo), and the time it is there now, so the
// organizer sees at once whether the zone is the one they meant (docs/decisions/0116).
import { useMemo } from 'react';
import { isTimeZone } from '@shared/event-fields.ts';
import { Input } from '@/components/ui/input.tsx';
import type { ControlProps } from './settings-field.tsx';

let zones: readonly string[] | undefined;

/** Every zone this browser knows, read once; 'UTC' too (Chromium lists only places). */
function timeZones(): readonly string[] {
  if (!zones) {
    const listed =
      typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
    zones = listed.includes('UTC') ? listed : [...listed, 'UTC'];
  }
  return zones;
}

/** '14:03 (GMT-3)' in that zone now; undefined for a zone the platform does not know. */
export function timeThere(timeZone: string, now = new Date()): string | undefined {
  if (!timeZone.trim() || !isTimeZone(timeZone.trim())) return undefined;
  const parts = new Intl.DateTimeFormat('pt-BR', {
    timeZone: timeZone.trim(),
    hour: '2-digit',
    minute: '2-digit',
    timeZoneName: 'shortOffset',
  }).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('hour')}:${part('minute')} (${part('timeZoneName')})`;
}

export interface TimeZoneInputProps extends ControlProps {
  value: string;
  onChange(value: string): void;
}

export function TimeZoneInput({ value, onChange, ...control }: TimeZoneInputProps) {
  const listId = `${control.id}-lista`;
  const options = useMemo(() => timeZones(), []);
  return (
    <>
      <Input
        {...control}
        type="text"
        list={listId}
        autoComplete="off"
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
      <datalist id={listId}>
        {options.map((zone) => (
          <option key={zone} value={zone} />
        ))}
      </datalist>
    </>
  );
}
