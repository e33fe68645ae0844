// Where the event is: the venue and the city.
import { eventFieldLimits as limits } from '@shared/event-fields.ts';
import { Input } from '@/components/ui/input.tsx';
import { eventSettingsTexts as texts } from './event-settings-texts.ts';
import { sectionFields, type SectionProps } from './section-fields.tsx';
import { SettingsGroup } from './settings-group.tsx';

export function WhereSection(props: SectionProps) {
  const { bind, field } = sectionFields(props);
  return (
    <SettingsGroup legend={texts.groups.where} columns>
      {field('venue', (control) => (
        <Input {...control} {...bind('venue')} maxLength={limits.venue} autoComplete="off" />
      ))}
      {field('city', (control) => (
        <Input {...control} {...bind('city')} maxLength={limits.city} autoComplete="off" />
      ))}
    </SettingsGroup>
  );
}
