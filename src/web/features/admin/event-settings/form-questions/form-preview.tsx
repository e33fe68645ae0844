// The 'Formulário' section's live preview (issue 34.2, decision 0272): the public form's own
// fields component (form-asked-fields.tsx) drawn with what is typed, not saved, redrawn at each
// change. It can be tried (chosen, typed in); nothing is sent. The name, WhatsApp and e-mail,
// always asked first, are named above it.
import { useState } from 'react';
import type { EventSettings } from '@shared/event-settings.schema.ts';
import { formatEventDate } from '@shared/event.ts';
import { AskedFields } from '@/features/registration/form-asked-fields.tsx';
import { emptyValues, type RegistrationFormValues } from '@/features/registration/form-values.ts';
import { formQuestionsTexts as texts } from './form-questions-texts.ts';
import type { HeldForm } from './held-form.ts';

/** What the form would show: a question or option not yet written gets a stand-in name. */
function previewed(held: HeldForm): Pick<EventSettings, 'fields' | 'fieldLabels' | 'questions'> {
  return {
    fields: held.fields,
    fieldLabels: held.fieldLabels,
    questions: held.questions.map((question) => ({
      ...question,
      label: question.label.trim() || texts.newQuestion,
      options: question.options.map((option, n) => ({
        ...option,
        label: option.label.trim() || texts.newOption(n + 1),
      })),
    })),
  };
}

export function FormPreview({ held, saved }: { held: HeldForm; saved: EventSettings }) {
  const [values, setValues] = useState<RegistrationFormValues>(() => emptyValues('BR'));
  const event = { ...saved, ...previewed(held) };
  return (
    <section
      aria-labelledby="formulario-previa"
      className="bg-background grid gap-4 rounded-lg border border-dashed p-4"
    >
      <div className="grid gap-1">
        <h3 id="formulario-previa" className="font-bold">
          {texts.preview}
        </h3>
        <p className="text-muted-foreground text-sm">{texts.previewHelp}</p>
      </div>
      <p className="text-muted-foreground text-sm">{texts.fixedFields}</p>
      <div className="grid gap-5">
        <AskedFields
          event={event}
          date={formatEventDate(saved)}
          values={values}
          errors={{}}
          update={(key, value) => setValues((current) => ({ ...current, [key]: value }))}
          answer={(id, value) =>
            setValues((current) => ({
              ...current,
              respostas: { ...current.respostas, [id]: value },
            }))
          }
        />
      </div>
    </section>
  );
}
