// 'Página inicial' in the 'Evento' form: the line above the name, the description and the cards
// after the date's (issue 33.1). The cards are one setting, a list, held by the form as its JSON.
import { highlightSchema } from '@shared/event-settings.schema.ts';
import {
  eventFieldLabels as labels,
  eventFieldLimits as limits,
  highlightIconLabels,
  highlightIcons,
  type Highlight,
} from '@shared/event-fields.ts';
import { fieldErrors } from '@shared/registration.schema.ts';
import { Button } from '@/components/ui/button.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Textarea } from '@/components/ui/textarea.tsx';
import { eventSettingsTexts as texts } from './event-settings-texts.ts';
import { SettingsField } from './settings-field.tsx';
import type { SettingsField as Field, SettingsFieldErrors } from './settings-form-values.ts';
import { SettingsGroup } from './settings-group.tsx';

interface LandingSectionProps {
  values: Record<'eyebrow' | 'description' | 'highlights', string>;
  errors: SettingsFieldErrors;
  update(field: Field, value: string): void;
}

/** The cards as the form holds them; an unreadable value (never typed by this form) as none. */
function cardsOf(json: string): Highlight[] {
  try {
    const cards: unknown = JSON.parse(json);
    return Array.isArray(cards) ? (cards as Highlight[]) : [];
  } catch {
    return [];
  }
}

export function LandingSection({ values, errors, update }: LandingSectionProps) {
  const cards = cardsOf(values.highlights);
  // The server names the list; each card says which of its fields is wrong.
  const perCard = errors.highlights ? cards.map(cardErrors) : [];
  const setCards = (next: Highlight[]) => update('highlights', JSON.stringify(next));
  const change = (index: number, part: Partial<Highlight>) =>
    setCards(cards.map((card, at) => (at === index ? { ...card, ...part } : card)));
  return (
    <SettingsGroup legend={texts.groups.landing} intro={texts.landingIntro}>
      <SettingsField
        name="eyebrow"
        label={labels.eyebrow}
        error={errors.eyebrow}
        help={texts.help.eyebrow}
      >
        {(control) => (
          <Input
            {...control}
            value={values.eyebrow}
            onChange={(e) => update('eyebrow', e.target.value)}
            maxLength={limits.eyebrow}
            autoComplete="off"
          />
        )}
      </SettingsField>
      <SettingsField
        name="description"
        label={labels.description}
        error={errors.description}
        help={texts.help.description(values.description.length)}
      >
        {(control) => (
          <Textarea
            {...control}
            value={values.description}
            onChange={(e) => update('description', e.target.value)}
            maxLength={limits.description}
            rows={6}
          />
        )}
      </SettingsField>
      <fieldset
        aria-describedby="evento-highlights-ajuda evento-highlights-erro"
        className="grid gap-3"
      >
        <legend className="text-sm font-semibold">{labels.highlights}</legend>
        <p id="evento-highlights-ajuda" className="text-muted-foreground text-sm">
          {texts.help.highlights}
        </p>
        {cards.map((card, index) => (
          <HighlightCard
            key={index}
            index={index}
            card={card}
            errors={perCard[index] ?? {}}
            onChange={(part) => change(index, part)}
            onRemove={() => setCards(cards.filter((_, at) => at !== index))}
          />
        ))}
        <p
          id="evento-highlights-erro"
          aria-live="polite"
          className="text-destructive text-sm font-medium empty:hidden"
        >
          {/* Said here only when no card holds it (too many cards, say). */}
          {errors.highlights && !perCard.some(hasErrors) ? errors.highlights : ''}
        </p>
        {cards.length < limits.highlights && (
          <div>
            <Button
              type="button"
              variant="outline"
              onClick={() => setCards([...cards, { icon: 'star', title: '', text: '' }])}
            >
              {texts.addHighlight}
            </Button>
          </div>
        )}
      </fieldset>
    </SettingsGroup>
  );
}

type CardErrors = Partial<Record<keyof Highlight, string>>;

function cardErrors(card: Highlight): CardErrors {
  const parsed = highlightSchema.safeParse(card);
  return parsed.success ? {} : (fieldErrors(parsed.error) as CardErrors);
}

function hasErrors(errors: CardErrors): boolean {
  return Object.keys(errors).length > 0;
}

function HighlightCard({
  index,
  card,
  errors,
  onChange,
  onRemove,
}: {
  index: number;
  card: Highlight;
  errors: CardErrors;
  onChange(part: Partial<Highlight>): void;
  onRemove(): void;
}) {
  const name = (part: keyof Highlight) => `highlights-${index}-${part}`;
  return (
    <div
      role="group"
      aria-label={texts.highlightCard(index + 1)}
      className="grid gap-3 rounded-lg border p-3 sm:grid-cols-[12rem_1fr]"
    >
      <SettingsField name={name('icon')} label={texts.highlightParts.icon} error={errors.icon}>
        {(control) => (
          <select
            {...control}
            value={card.icon}
            onChange={(e) => onChange({ icon: e.target.value as Highlight['icon'] })}
            className="border-input bg-background h-11 w-full rounded-lg border px-3 text-base"
          >
            {highlightIcons.map((icon) => (
              <option key={icon} value={icon}>
                {highlightIconLabels[icon]}
              </option>
            ))}
          </select>
        )}
      </SettingsField>
      <SettingsField name={name('title')} label={texts.highlightParts.title} error={errors.title}>
        {(control) => (
          <Input
            {...control}
            value={card.title}
            onChange={(e) => onChange({ title: e.target.value })}
            maxLength={limits.highlightTitle}
            autoComplete="off"
          />
        )}
      </SettingsField>
      <SettingsField
        name={name('text')}
        label={texts.highlightParts.text}
        error={errors.text}
        className="sm:col-span-2"
      >
        {(control) => (
          <Input
            {...control}
            value={card.text}
            onChange={(e) => onChange({ text: e.target.value })}
            maxLength={limits.highlightText}
            autoComplete="off"
          />
        )}
      </SettingsField>
      <div className="sm:col-span-2">
        <Button type="button" variant="outline" size="sm" onClick={onRemove}>
          {texts.removeHighlight(index + 1)}
        </Button>
      </div>
    </div>
  );
}
