// The original's last three questions in the 'Formulário' section (issue 34.1): the company asked
// required, optional or not at all; 'Quer levar alguém?' and 'Confirmação' asked or not, each in
// the organizer's words (the stored answers stay sim/nao and ok/agenda).
import {
  companyFieldModes,
  questionLimits,
  type FieldLabels,
  type FormFields,
} from '@shared/form-questions.ts';
import { Input } from '@/components/ui/input.tsx';
import { SettingsField } from '../settings-field.tsx';
import type { SettingsFieldErrors } from '../settings-form-values.ts';
import { formQuestionsTexts as texts } from './form-questions-texts.ts';

export interface OriginalFieldsProps {
  fields: FormFields;
  labels: FieldLabels;
  errors: SettingsFieldErrors;
  setFields(next: FormFields): void;
  setLabels(next: FieldLabels): void;
}

/** A label the schema refuses, marked once the form named `fieldLabels`. */
function refused(errors: SettingsFieldErrors, text: string): string | undefined {
  if (!errors.fieldLabels) return undefined;
  const trimmed = text.trim();
  return trimmed === '' || trimmed.length > questionLimits.label
    ? texts.originalLabelsInvalid
    : undefined;
}

export function OriginalFields({
  fields,
  labels,
  errors,
  setFields,
  setLabels,
}: OriginalFieldsProps) {
  return (
    <fieldset className="grid min-w-0 gap-4 rounded-lg border p-4">
      <legend className="px-1 font-semibold">{texts.original}</legend>
      <fieldset className="grid min-w-0 gap-2">
        <legend className="text-sm font-semibold">{texts.company}</legend>
        <div className="flex flex-wrap gap-x-5 gap-y-2">
          {companyFieldModes.map((mode) => (
            <label key={mode} className="flex min-h-11 items-center gap-2 text-sm">
              <input
                type="radio"
                name="evento-fields-nome_compania"
                value={mode}
                checked={fields.nome_compania === mode}
                onChange={() => setFields({ ...fields, nome_compania: mode })}
                className="accent-primary size-5"
              />
              {texts.companyModes[mode]}
            </label>
          ))}
        </div>
      </fieldset>
      <SettingsField
        name="fieldLabels-nome_compania"
        label={texts.companyLabel}
        error={refused(errors, labels.nome_compania.label)}
      >
        {(control) => (
          <Input
            {...control}
            value={labels.nome_compania.label}
            maxLength={questionLimits.label}
            autoComplete="off"
            onChange={(e) => setLabels({ ...labels, nome_compania: { label: e.target.value } })}
          />
        )}
      </SettingsField>
      <ChoiceQuestion field="levar_alguem" {...{ fields, labels, errors, setFields, setLabels }} />
      <ChoiceQuestion field="confirmacao" {...{ fields, labels, errors, setFields, setLabels }} />
      {/* A refusal this section cannot place at one input (a value it never typed). */}
      <p aria-live="polite" className="text-destructive text-sm font-medium empty:hidden">
        {errors.fields ?? ''}
      </p>
    </fieldset>
  );
}

function ChoiceQuestion({
  field,
  fields,
  labels,
  errors,
  setFields,
  setLabels,
}: OriginalFieldsProps & { field: 'levar_alguem' | 'confirmacao' }) {
  // Either question's words, by their stored values' keys (sim/nao, ok/agenda).
  const words = labels[field] as { label: string; options: Record<string, string> };
  const optionKeys = Object.keys(words.options);
  const setWords = (next: typeof words) => setLabels({ ...labels, [field]: next } as FieldLabels);
  const shown = fields[field] === 'shown';
  return (
    <fieldset className="grid min-w-0 gap-3 border-t pt-3">
      <legend className="sr-only">{texts.choiceQuestion[field]}</legend>
      <label className="flex min-h-11 items-center gap-2 text-sm font-semibold">
        <input
          type="checkbox"
          checked={shown}
          onChange={(e) => setFields({ ...fields, [field]: e.target.checked ? 'shown' : 'hidden' })}
          className="accent-primary size-5"
        />
        {`${texts.shown}: ${texts.choiceQuestion[field]}`}
      </label>
      <SettingsField
        name={`fieldLabels-${field}`}
        label={`${texts.questionText} (${texts.choiceQuestion[field]})`}
        error={refused(errors, words.label)}
      >
        {(control) => (
          <Input
            {...control}
            value={words.label}
            maxLength={questionLimits.label}
            autoComplete="off"
            onChange={(e) => setWords({ ...words, label: e.target.value })}
          />
        )}
      </SettingsField>
      <div className="grid gap-3 sm:grid-cols-2">
        {optionKeys.map((key, n) => (
          <SettingsField
            key={key}
            name={`fieldLabels-${field}-${key}`}
            label={`${texts.optionText(n + 1)} (${texts.choiceQuestion[field]})`}
            error={refused(errors, words.options[key] ?? '')}
          >
            {(control) => (
              <Input
                {...control}
                value={words.options[key]}
                maxLength={questionLimits.label}
                autoComplete="off"
                onChange={(e) =>
                  setWords({ ...words, options: { ...words.options, [key]: e.target.value } })
                }
              />
            )}
          </SettingsField>
        ))}
      </div>
    </fieldset>
  );
}
