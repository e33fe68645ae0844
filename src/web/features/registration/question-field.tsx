// One of the organizer's questions on the form (issue 34.2): a line, a few lines, one option
// (radio buttons up to six, a select beyond), several (checkboxes), or Sim/Não; the help line under
// the label. The panel's 'Formulário' preview renders the same component.
import type { ReactNode } from 'react';
import { questionLimits, type FormQuestion } from '@shared/form-questions.ts';
import { answerFieldName } from '@shared/registration.fields.ts';
import { Input } from '@/components/ui/input.tsx';
import { Textarea } from '@/components/ui/textarea.tsx';
import { ChoiceGroup } from './choice-group.tsx';
import { describedBy, FieldError, FieldLabel, helpId, RequiredMark } from './form-field.tsx';
import { questionTexts as texts } from './registration-texts.ts';

interface QuestionFieldProps {
  /** An asked question (askedQuestions()): its options are the offered ones. */
  question: FormQuestion;
  value: string | string[] | undefined;
  error?: string;
  onChange(value: string | string[]): void;
}

const selectClass =
  'border-input bg-card h-11 w-full rounded-lg border px-3 text-base focus-visible:ring-ring focus-visible:ring-2 focus-visible:outline-none aria-invalid:border-destructive';

export function QuestionField({ question, value, error, onChange }: QuestionFieldProps) {
  const name = answerFieldName(question.id);
  const { kind, label, required } = question;
  const help = helpLine(question);
  const text = typeof value === 'string' ? value : '';
  const options = question.options.map((option) => ({ value: option.id, label: option.label }));

  if (kind === 'yes_no' || (kind === 'choice' && options.length <= questionLimits.radiosUpTo)) {
    const choices =
      kind === 'yes_no'
        ? [
            { value: 'true', label: texts.yes },
            { value: 'false', label: texts.no },
          ]
        : options;
    return (
      <ChoiceGroup
        name={name}
        legend={label}
        required={required}
        help={help}
        choices={choices}
        value={text}
        error={error}
        onChange={onChange}
      />
    );
  }
  if (kind === 'choices') {
    const picked = Array.isArray(value) ? value : [];
    const toggle = (id: string, on: boolean) =>
      onChange(on ? [...picked, id] : picked.filter((p) => p !== id));
    return (
      <fieldset className="min-w-0" aria-describedby={describedBy(name, { help: !!help, error })}>
        <legend className="text-[0.9375rem] font-semibold">
          {label}
          {required && <RequiredMark />}
        </legend>
        <Help name={name}>{help}</Help>
        <div className="mt-3 mb-1.5 grid gap-2">
          {options.map((option) => (
            <label
              key={option.value}
              className="border-input bg-card has-[:checked]:border-primary has-[:checked]:bg-primary/5 has-[:focus-visible]:ring-ring flex min-h-12 cursor-pointer items-center gap-3 rounded-lg border px-4 py-2.5 has-[:focus-visible]:ring-2"
            >
              <input
                type="checkbox"
                name={name}
                value={option.value}
                checked={picked.includes(option.value)}
                onChange={(e) => toggle(option.value, e.target.checked)}
                aria-invalid={error ? true : undefined}
                className="accent-primary size-5 shrink-0 cursor-pointer focus-visible:outline-none"
              />
              <span className="text-base">{option.label}</span>
            </label>
          ))}
        </div>
        <FieldError name={name} message={error} />
      </fieldset>
    );
  }

  const control = {
    id: name,
    name,
    required,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy(name, { help: !!help, error }),
  } as const;
  return (
    <div className="grid gap-1.5">
      <FieldLabel htmlFor={name} required={required}>
        {label}
      </FieldLabel>
      <Help name={name}>{help}</Help>
      {kind === 'choice' ? (
        <select
          {...control}
          value={text}
          onChange={(e) => onChange(e.target.value)}
          className={selectClass}
        >
          <option value="">{texts.pick}</option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      ) : kind === 'long_text' ? (
        <Textarea
          {...control}
          rows={4}
          maxLength={questionLimits.long_text}
          value={text}
          onChange={(e) => onChange(e.target.value)}
        />
      ) : (
        <Input
          {...control}
          maxLength={questionLimits.text}
          value={text}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
      <FieldError name={name} message={error} />
    </div>
  );
}

/** The organizer's help line, and for a `choices` with a maximum, how many may be picked. */
function helpLine(question: FormQuestion): string {
  const limit =
    question.kind === 'choices' && question.max !== null ? texts.upTo(question.max) : '';
  return [question.help, limit].filter(Boolean).join(' ');
}

function Help({ name, children }: { name: string; children: ReactNode }) {
  if (!children) return null;
  return (
    <p id={helpId(name)} className="text-muted-foreground text-sm">
      {children}
    </p>
  );
}
