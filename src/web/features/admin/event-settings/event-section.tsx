// 'Evento' in the 'Evento' form: the event's name and the line under it.
import { eventFieldLimits as limits } from '@shared/event-fields.ts';
import { Input } from '@/components/ui/input.tsx';
import { eventSettingsTexts as texts } from './event-settings-texts.ts';
import { sectionFields, type SectionProps } from './section-fields.tsx';
import { SettingsGroup } from './settings-group.tsx';

export function EventSection(props: SectionProps) {
  const { bind, field } = sectionFields(props);
  return (
    <SettingsGroup legend={texts.groups.event}>
      {field('name', (control) => (
        <Input {...control} {...bind('name')} maxLength={limits.name} autoComplete="off" />
      ))}
      {field(
        'tagline',
        (control) => (
          <Input {...control} {...bind('tagline')} maxLength={limits.tagline} autoComplete="off" />
        ),
        texts.help.tagline,
      )}
    </SettingsGroup>
  );
}
