// 'Formulário' in the 'Evento' form (issue 34.1, 34.2, 34.5): the original's last three questions
// adjusted, the organizer's own questions (added, edited, moved, removed), and a live preview of
// the public form. Three settings, each held by the form as its JSON and saved with the rest.
import { Plus } from 'lucide-react';
import { useMemo } from 'react';
import type { EventSettings } from '@shared/event-settings.schema.ts';
import { questionLimits } from '@shared/form-questions.ts';
import { Button } from '@/components/ui/button.tsx';
import type { SettingsFieldErrors } from '../settings-form-values.ts';
import { SettingsGroup } from '../settings-group.tsx';
import { FormPreview } from './form-preview.tsx';
import { formQuestionsTexts as texts } from './form-questions-texts.ts';
import { OriginalFields } from './original-fields.tsx';
import { QuestionEditor } from './question-editor.tsx';
import { RemovalDialog } from './removal-dialog.tsx';
import { useFormQuestions, type FormQuestionsProps } from './use-form-questions.ts';
import { useQuestionRemoval } from './use-question-removal.ts';

export interface FormSectionProps extends FormQuestionsProps {
  errors: SettingsFieldErrors;
  /** The settings saved: their questions are the ones that may have answers. */
  saved: EventSettings;
}

export function FormSection({ values, update, errors, saved }: FormSectionProps) {
  const state = useFormQuestions({ values, update });
  const savedIds = useMemo(
    () => new Set(saved.questions.map((question) => question.id)),
    [saved.questions],
  );
  const removal = useQuestionRemoval({ saved: savedIds, apply: state.applyRemoval });
  const { shown } = state;

  return (
    <SettingsGroup legend={texts.legend} intro={texts.intro}>
      <OriginalFields
        fields={state.fields}
        labels={state.fieldLabels}
        errors={errors}
        setFields={state.setFields}
        setLabels={state.setLabels}
      />
      <fieldset className="grid min-w-0 gap-3">
        <legend className="font-semibold">{texts.own}</legend>
        <p className="text-muted-foreground text-sm">
          {texts.ownIntro(shown.length, questionLimits.questions)}
        </p>
        {shown.length === 0 ? (
          <p className="text-muted-foreground text-sm">{texts.none}</p>
        ) : (
          <ol className="grid gap-3">
            {shown.map(({ question, index }, place) => (
              <QuestionEditor
                key={question.id}
                question={question}
                index={index}
                place={place}
                total={shown.length}
                errors={errors}
                state={state}
                removal={removal}
              />
            ))}
          </ol>
        )}
        <p role="status" className="sr-only">
          {state.announcement}
        </p>
        {/* What the schema says of the list as a whole (too many questions). */}
        <p
          id="evento-questions"
          tabIndex={-1}
          aria-live="polite"
          className="text-destructive text-sm font-medium empty:hidden"
        >
          {errors.questions ?? ''}
        </p>
        {shown.length < questionLimits.questions && (
          <Button
            ref={state.control('add')}
            type="button"
            variant="outline"
            className="justify-self-start"
            onClick={state.add}
          >
            <Plus aria-hidden="true" className="size-4" />
            {texts.add}
          </Button>
        )}
      </fieldset>
      <FormPreview held={state} saved={saved} />
      <RemovalDialog removal={removal} onRemoved={state.refocus} />
    </SettingsGroup>
  );
}
