// One of the organizer's questions in the 'Formulário' section (issue 34.2): its place (up and
// down, buttons the keyboard reaches), its kind, words, help line, whether it is required, its
// options and maximum, and 'Remover'. Each part shows the schema's or the server's refusal
// ('questions.<index>.<part>'), the kind change of an answered question among them (34.5).
import { ArrowDown, ArrowUp, Trash2 } from 'lucide-react';
import {
  kindsWithOptions,
  questionKinds,
  questionLimits,
  type FormQuestion,
} from '@shared/form-questions.ts';
import { Button } from '@/components/ui/button.tsx';
import { Input } from '@/components/ui/input.tsx';
import { SettingsField } from '../settings-field.tsx';
import type { SettingsFieldErrors } from '../settings-form-values.ts';
import { formQuestionsTexts as texts } from './form-questions-texts.ts';
import { withKind } from './held-form.ts';
import { QuestionOptions } from './question-options.tsx';
import type { FormQuestionsState } from './use-form-questions.ts';
import type { QuestionRemoval } from './use-question-removal.ts';

export interface QuestionEditorProps {
  question: FormQuestion;
  /** Its index in the whole list (archived included): the errors name it so. */
  index: number;
  /** Its place among the asked ones, from 0, and how many are asked. */
  place: number;
  total: number;
  errors: SettingsFieldErrors;
  state: FormQuestionsState;
  removal: QuestionRemoval;
}

const selectClass =
  'border-input bg-card h-11 w-full rounded-lg border px-3 text-base focus-visible:ring-ring focus-visible:ring-2 focus-visible:outline-none aria-invalid:border-destructive';

export function QuestionEditor(props: QuestionEditorProps) {
  const { question, index, place, total, errors, state, removal } = props;
  const { id } = question;
  const error = (part: string) =>
    errors[`questions.${index}.${part}`] ??
    Object.entries(errors).find(([key]) => key.startsWith(`questions.${index}.${part}.`))?.[1];
  const change = (part: Partial<FormQuestion>) => state.change({ ...question, ...part });
  const name = question.label.trim() || texts.untitled;
  const field = (part: string) => `questions-${id}-${part}`;
  const heading = `${texts.question(place + 1)}: ${name}`;

  return (
    <li className="bg-card min-w-0 rounded-lg border p-3 sm:p-4">
      <fieldset className="grid min-w-0 gap-4">
        <legend className="sr-only">{heading}</legend>
        <div className="flex min-w-0 flex-wrap items-center justify-between gap-2">
          <p aria-hidden="true" className="min-w-0 font-semibold break-words">
            {heading}
          </p>
          <div className="flex flex-wrap gap-1.5">
            <Button
              ref={state.control(`${id}:up`)}
              type="button"
              size="sm"
              variant="outline"
              aria-label={texts.moveUp(name)}
              disabled={place === 0}
              onClick={() => state.move(question, -1)}
            >
              <ArrowUp aria-hidden="true" className="size-4" />
              {texts.up}
            </Button>
            <Button
              ref={state.control(`${id}:down`)}
              type="button"
              size="sm"
              variant="outline"
              aria-label={texts.moveDown(name)}
              disabled={place === total - 1}
              onClick={() => state.move(question, 1)}
            >
              <ArrowDown aria-hidden="true" className="size-4" />
              {texts.down}
            </Button>
            <Button
              type="button"
              size="sm"
              variant="outline"
              aria-label={texts.remove(name)}
              disabled={removal.checking}
              onClick={() => removal.remove({ question })}
            >
              <Trash2 aria-hidden="true" className="size-4" />
              {texts.removeShort}
            </Button>
          </div>
        </div>
        <SettingsField name={field('label')} label={texts.label} error={error('label')}>
          {(control) => (
            <Input
              {...control}
              ref={state.control(`${id}:label`)}
              value={question.label}
              maxLength={questionLimits.label}
              autoComplete="off"
              onChange={(e) => change({ label: e.target.value })}
            />
          )}
        </SettingsField>
        <SettingsField name={field('kind')} label={texts.kind} error={error('kind')}>
          {(control) => (
            <select
              {...control}
              value={question.kind}
              className={selectClass}
              onChange={(e) =>
                state.change(
                  withKind(question, e.target.value as FormQuestion['kind'], texts.newOption),
                )
              }
            >
              {questionKinds.map((kind) => (
                <option key={kind} value={kind}>
                  {texts.kinds[kind]}
                </option>
              ))}
            </select>
          )}
        </SettingsField>
        <SettingsField
          name={field('help')}
          label={texts.help}
          help={texts.helpHelp}
          error={error('help')}
        >
          {(control) => (
            <Input
              {...control}
              value={question.help}
              maxLength={questionLimits.help}
              autoComplete="off"
              onChange={(e) => change({ help: e.target.value })}
            />
          )}
        </SettingsField>
        <label className="flex min-h-11 items-center gap-2 text-sm font-semibold">
          <input
            type="checkbox"
            checked={question.required}
            onChange={(e) => change({ required: e.target.checked })}
            className="accent-primary size-5"
          />
          {texts.required}
        </label>
        {kindsWithOptions.includes(question.kind) && (
          <QuestionOptions
            question={question}
            name={name}
            error={error('options')}
            state={state}
            removal={removal}
          />
        )}
        {question.kind === 'choices' && (
          <SettingsField
            name={field('max')}
            label={texts.max}
            help={texts.maxHelp}
            error={error('max')}
          >
            {(control) => (
              <Input
                {...control}
                type="number"
                min={1}
                max={question.options.filter((option) => !option.archived).length}
                className="max-w-32"
                value={question.max ?? ''}
                onChange={(e) =>
                  change({ max: e.target.value === '' ? null : Number(e.target.value) })
                }
              />
            )}
          </SettingsField>
        )}
        {/* What the schema says of the question as a whole. */}
        <p aria-live="polite" className="text-destructive text-sm font-medium empty:hidden">
          {errors[`questions.${index}`] ?? ''}
        </p>
      </fieldset>
    </li>
  );
}
