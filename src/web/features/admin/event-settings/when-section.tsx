// When the event is: its date, time, time zone and length. The date says how many registrations a
// save would erase at once (the retention job counts from it).
import { Input } from '@/components/ui/input.tsx';
import { erasureWarning } from './erasure-warning.ts';
import { eventSettingsTexts as texts } from './event-settings-texts.ts';
import { sectionFields, type SectionProps } from './section-fields.tsx';
import { SettingsGroup } from './settings-group.tsx';
import { TimeZoneInput, timeThere } from './time-zone-field.tsx';

export function WhenSection({ erasing, ...props }: SectionProps & { erasing: number }) {
  const { values, update } = props;
  const { bind, field } = sectionFields(props);
  const now = timeThere(values.timeZone);
  return (
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
          <Input {...control} {...bind('durationMinutes')} inputMode="numeric" autoComplete="off" />
        ),
        texts.help.durationMinutes,
      )}
    </SettingsGroup>
  );
}
