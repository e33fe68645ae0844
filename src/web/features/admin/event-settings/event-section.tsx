// 'Evento' in the 'Evento' form: the event's name, the line under it, and its logo.
import { eventFieldLimits as limits } from '@shared/event-fields.ts';
import type { EventLogo } from '@shared/event-logo.ts';
import { Input } from '@/components/ui/input.tsx';
import { eventSettingsTexts as texts } from './event-settings-texts.ts';
import { LogoField } from './logo-field.tsx';
import { sectionFields, type SectionProps } from './section-fields.tsx';
import { SettingsGroup } from './settings-group.tsx';

/** `logo`: the stored one (it is saved as it is chosen, not by 'Salvar'). */
export function EventSection({ logo, ...props }: SectionProps & { logo: EventLogo | null }) {
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
      <LogoField logo={logo} error={props.errors.logo} />
    </SettingsGroup>
  );
}
