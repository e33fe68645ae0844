// A question with native radio buttons: a <fieldset> and <legend>, arrow keys move between options.
import type { ReactNode } from 'react';
import { describedBy, FieldError, helpId, RequiredMark } from './form-field.tsx';

export interface Choice<T extends string> {
  value: T;
  label: string;
}

interface ChoiceGroupProps<T extends string> {
  name: string;
  legend: string;
  required?: boolean;
  help?: ReactNode;
  choices: readonly Choice<T>[];
  value: T | '';
  error?: string;
  onChange(value: T): void;
}

export function ChoiceGroup<T extends string>({
  name,
  legend,
  required,
  help,
  choices,
  value,
  error,
  onChange,
}: ChoiceGroupProps<T>) {
  return (
    <fieldset
      className="min-w-0"
      aria-describedby={describedBy(name, { help: Boolean(help), error })}
    >
      <legend className="text-[0.9375rem] font-semibold">
        {legend}
        {required && <RequiredMark />}
      </legend>
      {help && (
        <p id={helpId(name)} className="text-muted-foreground mt-1 text-sm">
          {help}
        </p>
      )}
      <div className="mt-3 mb-1.5 grid gap-2">
        {choices.map((choice) => (
          <label
            key={choice.value}
            className="border-input bg-card has-[:checked]:border-primary has-[:checked]:bg-primary/5 has-[:focus-visible]:ring-ring flex min-h-12 cursor-pointer items-center gap-3 rounded-lg border px-4 py-2.5 transition-colors has-[:focus-visible]:ring-2"
          >
            <input
              type="radio"
              name={name}
              value={choice.value}
              checked={value === choice.value}
              onChange={() => onChange(choice.value)}
              aria-invalid={error ? true : undefined}
              className="accent-primary size-5 shrink-0 cursor-pointer focus-visible:outline-none"
            />
            <span className="text-base">{choice.label}</span>
          </label>
        ))}
      </div>
      <FieldError name={name} message={error} />
    </fieldset>
  );
}
