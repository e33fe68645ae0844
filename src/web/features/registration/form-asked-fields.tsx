// The form's fields after the e-mail, as the edition asks them (issue 34.1, 34.2): the original's
// company and two choices in the organizer's words (or not asked), then the organizer's questions.
import { formatEventTime } from '@shared/event.ts';
import { askedQuestions } from '@shared/form-questions.ts';
import type { EventSettings } from '@shared/event-settings.schema.ts';
import { answerFieldName } from '@shared/registration.fields.ts';
import { ChoiceGroup } from './choice-group.tsx';
import { confirmacaoChoicesOf, levarAlguemChoicesOf } from './form-choices.tsx';
import { TextField } from './form-field.tsx';
import type { FieldErrors, RegistrationFormValues } from './form-values.ts';
import { QuestionField } from './question-field.tsx';

type Values = RegistrationFormValues;

interface AskedFieldsProps {
  event: EventSettings;
  /** The event's date as the pages print it (the 'Confirmação' help line). */
  date: string;
  values: Values;
  errors: FieldErrors;
  update<K extends keyof Values>(key: K, value: Values[K]): void;
  answer(id: string, value: string | string[]): void;
}

export function AskedFields({ event, date, values, errors, update, answer }: AskedFieldsProps) {
  const { fields, fieldLabels: labels } = event;
  return (
    <>
      {fields.nome_compania !== 'hidden' && (
        <TextField
          name="nome_compania"
          label={labels.nome_compania.label}
          required={fields.nome_compania === 'required'}
          autoComplete="organization"
          maxLength={200}
          value={values.nome_compania}
          onChange={(e) => update('nome_compania', e.target.value)}
          error={errors.nome_compania}
        />
      )}

      {fields.levar_alguem === 'shown' && (
        <ChoiceGroup
          name="levar_alguem"
          legend={labels.levar_alguem.label}
          help="Envie o link desta página para a pessoa se inscrever, ou preencha o formulário de novo para ela depois de enviar a sua inscrição."
          choices={levarAlguemChoicesOf(labels)}
          value={values.levar_alguem}
          error={errors.levar_alguem}
          onChange={(value) => update('levar_alguem', value)}
        />
      )}

      {fields.confirmacao === 'shown' && (
        <ChoiceGroup
          name="confirmacao"
          legend={labels.confirmacao.label}
          help={`O evento é no dia ${date}, às ${formatEventTime(event)}. Reserve a data!`}
          choices={confirmacaoChoicesOf(labels)}
          value={values.confirmacao}
          error={errors.confirmacao}
          onChange={(value) => update('confirmacao', value)}
        />
      )}

      {askedQuestions(event.questions).map((question) => (
        <QuestionField
          key={question.id}
          question={question}
          value={values.respostas[question.id]}
          error={errors[answerFieldName(question.id)]}
          onChange={(value) => answer(question.id, value)}
        />
      ))}
    </>
  );
}
