// 'Lembretes' in the 'Evento' form (issue 35.1): up to three, each some hours before the start. One
// setting, a list, held by the form as its JSON; an hour typed as something else than a whole
// number is kept as typed, for the shared schema to name it (nothing typed is lost).
import { eventFieldLabels as labels } from '@shared/event-fields.ts';
import { reminderLimits as limits } from '@shared/reminder-settings.ts';
import { Button } from '@/components/ui/button.tsx';
import { Input } from '@/components/ui/input.tsx';
import { eventSettingsTexts as texts } from './event-settings-texts.ts';
import type { SettingsField, SettingsFieldErrors } from './settings-form-values.ts';

interface RemindersFieldProps {
  value: string;
  error: SettingsFieldErrors['reminders'];
  update(field: SettingsField, value: string): void;
}

type Typed = { hoursBefore: number | string };

/** The reminders as the form holds them; an unreadable value (never typed by this form) as none. */
function remindersOf(json: string): Typed[] {
  try {
    const reminders: unknown = JSON.parse(json);
    return Array.isArray(reminders) ? (reminders as Typed[]) : [];
  } catch {
    return [];
  }
}

export function RemindersField({ value, error, update }: RemindersFieldProps) {
  const reminders = remindersOf(value);
  const set = (next: Typed[]) => update('reminders', JSON.stringify(next));
  const change = (index: number, typed: string) =>
    set(
      reminders.map((reminder, at) =>
        at === index
          ? { hoursBefore: /^\s*\d{1,4}\s*$/.test(typed) ? Number(typed) : typed }
          : reminder,
      ),
    );
  return (
    <fieldset
      aria-describedby="evento-reminders-ajuda evento-reminders-erro"
      className="grid gap-3"
    >
      <legend className="text-sm font-semibold">{labels.reminders}</legend>
      <p id="evento-reminders-ajuda" className="text-muted-foreground text-sm">
        {texts.help.reminders}
      </p>
      {reminders.map((reminder, index) => (
        <div key={index} className="flex flex-wrap items-end gap-2">
          <div className="grid gap-1.5">
            <label htmlFor={`evento-reminders-${index}`} className="text-sm">
              {texts.reminderHours(index + 1)}
            </label>
            <Input
              id={`evento-reminders-${index}`}
              className="w-32"
              inputMode="numeric"
              autoComplete="off"
              aria-invalid={error ? true : undefined}
              aria-describedby="evento-reminders-erro"
              value={String(reminder?.hoursBefore ?? '')}
              onChange={(e) => change(index, e.target.value)}
            />
          </div>
          <Button
            type="button"
            variant="outline"
            onClick={() => set(reminders.filter((_, at) => at !== index))}
          >
            {texts.removeReminder(index + 1)}
          </Button>
        </div>
      ))}
      <p
        id="evento-reminders-erro"
        aria-live="polite"
        className="text-destructive text-sm font-medium empty:hidden"
      >
        {error}
      </p>
      {reminders.length < limits.count && (
        <div>
          <Button
            type="button"
            variant="outline"
            onClick={() => set([...reminders, { hoursBefore: 24 }])}
          >
            {texts.addReminder}
          </Button>
        </div>
      )}
    </fieldset>
  );
}
