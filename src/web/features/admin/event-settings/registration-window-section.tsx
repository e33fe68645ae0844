// 'Inscrições' in the 'Evento' form (issue 33.5): the switch, and when they open and close, typed
// as a date and time on the event's clocks and saved as an instant with its offset.
import { TZDate } from '@date-fns/tz';
import { eventFieldLabels as labels, isTimeZone } from '@shared/event-fields.ts';
import { Input } from '@/components/ui/input.tsx';
import { eventSettingsTexts as texts } from './event-settings-texts.ts';
import { SettingsField } from './settings-field.tsx';
import type { SettingsField as Field, SettingsFieldErrors } from './settings-form-values.ts';
import { SettingsGroup } from './settings-group.tsx';

type WindowField = 'registrationOpen' | 'registrationOpensAt' | 'registrationClosesAt';

interface Props {
  values: Record<WindowField | 'timeZone', string>;
  errors: SettingsFieldErrors;
  update(field: Field, value: string): void;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** The instant as a datetime-local input shows it on the zone's clocks ('2027-01-10T09:00'). */
export function wallClock(iso: string, timeZone: string): string {
  const instant = Date.parse(iso);
  if (!iso || Number.isNaN(instant) || !isTimeZone(timeZone)) return '';
  const there = new TZDate(instant, timeZone);
  return `${there.getFullYear()}-${pad(there.getMonth() + 1)}-${pad(there.getDate())}T${pad(there.getHours())}:${pad(there.getMinutes())}`;
}

/** The wall-clock time typed, on the zone's clocks, as an instant with its offset. */
export function instantAt(local: string, timeZone: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local);
  if (!match || !isTimeZone(timeZone)) return local;
  const [year, month, day, hours, minutes] = match.slice(1).map(Number) as number[];
  const there = new TZDate(year!, month! - 1, day!, hours!, minutes!, timeZone);
  return there.toISOString().replace('.000', '');
}

export function RegistrationWindowSection({ values, errors, update }: Props) {
  const instantField = (name: 'registrationOpensAt' | 'registrationClosesAt', help: string) => (
    <SettingsField name={name} label={labels[name]} error={errors[name]} help={help}>
      {(control) => (
        <Input
          {...control}
          type="datetime-local"
          value={wallClock(values[name], values.timeZone)}
          onChange={(e) =>
            update(name, e.target.value ? instantAt(e.target.value, values.timeZone) : '')
          }
        />
      )}
    </SettingsField>
  );
  return (
    <SettingsGroup legend={texts.groups.registrations} columns>
      <SettingsField
        name="registrationOpen"
        label={labels.registrationOpen}
        error={errors.registrationOpen}
        help={texts.help.registrationOpen}
        className="sm:col-span-2"
      >
        {(control) => (
          <input
            {...control}
            type="checkbox"
            checked={values.registrationOpen === 'true'}
            onChange={(e) => update('registrationOpen', String(e.target.checked))}
            className="accent-primary size-6"
          />
        )}
      </SettingsField>
      {instantField('registrationOpensAt', texts.help.registrationOpensAt)}
      {instantField('registrationClosesAt', texts.help.registrationClosesAt)}
    </SettingsGroup>
  );
}
