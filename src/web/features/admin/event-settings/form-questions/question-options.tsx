// The options of a choice question in the 'Formulário' section: each one's words and 'Remover'
// (asked first when somebody picked it, issue 34.5), and 'Acrescentar opção'. A removed option
// somebody picked stays, archived, out of sight here and off the form.
import { Plus, Trash2 } from 'lucide-react';
import { questionLimits, type FormQuestion } from '@shared/form-questions.ts';
import { Button } from '@/components/ui/button.tsx';
import { Input } from '@/components/ui/input.tsx';
import { newQuestionId } from '@shared/form-questions.schema.ts';
import { formQuestionsTexts as texts } from './form-questions-texts.ts';
import type { FormQuestionsState } from './use-form-questions.ts';
import type { QuestionRemoval } from './use-question-removal.ts';

export interface QuestionOptionsProps {
  question: FormQuestion;
  /** The question's words, naming each option for screen readers. */
  name: string;
  error?: string;
  state: FormQuestionsState;
  removal: QuestionRemoval;
}

export function QuestionOptions({ question, name, error, state, removal }: QuestionOptionsProps) {
  const shown = question.options
    .map((option, index) => ({ option, index }))
    .filter(({ option }) => !option.archived);
  const groupId = `questions-${question.id}-options`;
  const errorId = `${groupId}-erro`;
  const setLabel = (id: string, label: string) =>
    state.change({
      ...question,
      options: question.options.map((option) => (option.id === id ? { ...option, label } : option)),
    });
  function add() {
    state.change({
      ...question,
      options: [
        ...question.options,
        { id: newQuestionId(), label: texts.newOption(shown.length + 1), archived: false },
      ],
    });
  }

  return (
    <fieldset
      className="grid min-w-0 gap-2"
      aria-describedby={`${groupId}-ajuda ${error ? errorId : ''}`}
    >
      <legend className="text-sm font-semibold">{texts.options}</legend>
      <p id={`${groupId}-ajuda`} className="text-muted-foreground text-sm">
        {texts.optionsHelp}
      </p>
      <ol className="grid gap-2">
        {shown.map(({ option }, n) => (
          <li key={option.id} className="flex items-center gap-2">
            <Input
              aria-label={texts.option(n + 1, name)}
              aria-invalid={error ? true : undefined}
              value={option.label}
              maxLength={questionLimits.optionLabel}
              autoComplete="off"
              onChange={(e) => setLabel(option.id, e.target.value)}
            />
            <Button
              type="button"
              size="sm"
              variant="ghost"
              aria-label={texts.removeOption(option.label || texts.option(n + 1, name))}
              title={texts.removeOption(option.label)}
              disabled={removal.checking}
              onClick={() => removal.remove({ question, option })}
            >
              <Trash2 aria-hidden="true" className="size-4" />
            </Button>
          </li>
        ))}
      </ol>
      {shown.length < questionLimits.options && (
        <Button
          ref={state.control(`${question.id}:add-option`)}
          type="button"
          size="sm"
          variant="outline"
          className="justify-self-start"
          onClick={add}
        >
          <Plus aria-hidden="true" className="size-4" />
          {texts.addOption}
        </Button>
      )}
      <p
        id={errorId}
        aria-live="polite"
        className="text-destructive text-sm font-medium empty:hidden"
      >
        {error ?? ''}
      </p>
    </fieldset>
  );
}
