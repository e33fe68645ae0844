// The data: who organizes, the contact address, how long registrations are kept, and the CSV's
// file name.
import { csvFileName } from '@shared/csv.ts';
import { eventFieldLimits as limits } from '@shared/event-fields.ts';
import { Input } from '@/components/ui/input.tsx';
import { eventSettingsTexts as texts } from './event-settings-texts.ts';
import { sectionFields, type SectionProps } from './section-fields.tsx';
import { SettingsGroup } from './settings-group.tsx';

export function DataSection(props: SectionProps) {
  const { values } = props;
  const { bind, field } = sectionFields(props);
  return (
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
        'certificateRetentionYears',
        (control) => (
          <Input
            {...control}
            {...bind('certificateRetentionYears')}
            inputMode="numeric"
            autoComplete="off"
          />
        ),
        texts.help.certificateRetentionYears,
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
  );
}
