// 'Página de agradecimento' in the 'Evento' form (issue 33.6): the title and text of the page a
// visitor lands on after the form, for each outcome. One setting, an object, held by the form as
// its JSON; the server names the whole, each input says which of its parts is wrong.
import { thanksSchema } from '@shared/event-settings.schema.ts';
import {
  eventFieldLimits as limits,
  thanksOutcomeLabels,
  thanksOutcomes,
  type ThanksOutcome,
  type ThanksText,
} from '@shared/event-fields.ts';
import { Input } from '@/components/ui/input.tsx';
import { Textarea } from '@/components/ui/textarea.tsx';
import { eventSettingsTexts as texts } from './event-settings-texts.ts';
import { SettingsField } from './settings-field.tsx';
import type { SettingsField as Field, SettingsFieldErrors } from './settings-form-values.ts';
import { SettingsGroup } from './settings-group.tsx';

type Thanks = Record<ThanksOutcome, ThanksText>;

interface ThanksSectionProps {
  values: Record<'thanks', string>;
  errors: SettingsFieldErrors;
  update(field: Field, value: string): void;
}

const blank: ThanksText = { title: '', text: '' };

/** The texts as the form holds them; an unreadable value (never typed by this form) as blank. */
function thanksOf(json: string): Thanks {
  let held: Partial<Thanks> = {};
  try {
    const value: unknown = JSON.parse(json);
    if (typeof value === 'object' && value !== null) held = value as Partial<Thanks>;
  } catch {
    // Left blank: the schema names what is missing on save.
  }
  return Object.fromEntries(
    thanksOutcomes.map((outcome) => [outcome, { ...blank, ...held[outcome] }]),
  ) as Thanks;
}

/** Which part of which outcome the schema refuses, in its words. */
function partErrors(thanks: Thanks): Record<string, string> {
  const parsed = thanksSchema.safeParse(thanks);
  if (parsed.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) errors[issue.path.join('-')] ??= issue.message;
  return errors;
}

export function ThanksSection({ values, errors, update }: ThanksSectionProps) {
  const thanks = thanksOf(values.thanks);
  const change = (outcome: ThanksOutcome, part: Partial<ThanksText>) =>
    update('thanks', JSON.stringify({ ...thanks, [outcome]: { ...thanks[outcome], ...part } }));
  // The server names the setting; each input shows its own part's message.
  const parts = errors.thanks ? partErrors(thanks) : {};
  const unplaced = errors.thanks && Object.keys(parts).length === 0 ? errors.thanks : '';
  return (
    <SettingsGroup legend={texts.groups.thanks} intro={texts.thanksIntro}>
      {thanksOutcomes.map((outcome) => (
        <div
          key={outcome}
          role="group"
          aria-label={thanksOutcomeLabels[outcome]}
          className="grid gap-3 rounded-lg border p-3"
        >
          <p className="text-sm font-semibold">{thanksOutcomeLabels[outcome]}</p>
          <SettingsField
            name={`thanks-${outcome}-title`}
            label={texts.thanksParts.title}
            help={texts.help.thanksTitle}
            error={parts[`${outcome}-title`]}
          >
            {(control) => (
              <Input
                {...control}
                value={thanks[outcome].title}
                onChange={(e) => change(outcome, { title: e.target.value })}
                maxLength={limits.thanksTitle}
                autoComplete="off"
              />
            )}
          </SettingsField>
          <SettingsField
            name={`thanks-${outcome}-text`}
            label={texts.thanksParts.text}
            error={parts[`${outcome}-text`]}
          >
            {(control) => (
              <Textarea
                {...control}
                value={thanks[outcome].text}
                onChange={(e) => change(outcome, { text: e.target.value })}
                maxLength={limits.thanksText}
                rows={2}
              />
            )}
          </SettingsField>
        </div>
      ))}
      <p aria-live="polite" className="text-destructive text-sm font-medium empty:hidden">
        {unplaced}
      </p>
    </SettingsGroup>
  );
}
