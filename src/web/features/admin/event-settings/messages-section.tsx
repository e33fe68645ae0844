// The messages' texts: each with the placeholders it may hold and a preview of what is sent.
import type { EventSettings } from '@shared/event-settings.schema.ts';
import { eventFieldLimits as limits } from '@shared/event-fields.ts';
import {
  messageTextFields,
  placeholderLabels,
  type MessageTextField,
} from '@shared/message-placeholders.ts';
import { Textarea } from '@/components/ui/textarea.tsx';
import { eventSettingsTexts as texts } from './event-settings-texts.ts';
import { MessagePreview, previewEvent } from './message-preview.tsx';
import { RemindersField } from './reminders-field.tsx';
import { sectionFields, type SectionProps } from './section-fields.tsx';
import { SettingsGroup } from './settings-group.tsx';

const messageFields = Object.keys(messageTextFields) as MessageTextField[];

export function MessagesSection({
  settings,
  ...props
}: SectionProps & { settings: EventSettings }) {
  const { values, errors, update } = props;
  const { bind, field } = sectionFields(props);
  const preview = previewEvent(values, settings);
  return (
    <SettingsGroup legend={texts.groups.messages} intro={texts.messagesIntro}>
      {messageFields.map((name) => (
        <div key={name} className="grid gap-3">
          {field(
            name,
            (control) => (
              <Textarea {...control} {...bind(name)} maxLength={limits.messageText} rows={6} />
            ),
            <Placeholders field={name} />,
          )}
          <MessagePreview field={name} text={values[name]} event={preview} />
        </div>
      ))}
      <RemindersField value={values.reminders} error={errors.reminders} update={update} />
    </SettingsGroup>
  );
}

/** Which placeholders a text may hold, and what each becomes. */
function Placeholders({ field }: { field: MessageTextField }) {
  return (
    <span className="block">
      {texts.placeholdersHeading}:{' '}
      {messageTextFields[field].map((name, index) => (
        <span key={name}>
          {index > 0 && '; '}
          <code className="text-foreground">{`{${name}}`}</code> {placeholderLabels[name]}
        </span>
      ))}
    </span>
  );
}
