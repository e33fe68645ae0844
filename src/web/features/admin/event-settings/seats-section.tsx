// The seats: how many, and how a registration takes one. The capacity says when it is below the
// seats already taken, as it is typed.
import { admissionLabels, admissionModes } from '@shared/event-fields.ts';
import { Input } from '@/components/ui/input.tsx';
import { eventSettingsTexts as texts } from './event-settings-texts.ts';
import { sectionFields, type SectionProps } from './section-fields.tsx';
import { SettingsGroup } from './settings-group.tsx';

export function SeatsSection({
  seatsWarning,
  ...props
}: SectionProps & { seatsWarning: string | undefined }) {
  const { bind, field } = sectionFields(props);
  return (
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
  );
}
