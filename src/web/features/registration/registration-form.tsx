// The registration form: the spec's fields, checked with the shared schema before anything is
// sent, the server's messages put back on the fields, and one request per submission.
import { LoaderCircle, Lock } from 'lucide-react';
import type { CountryCode } from '@shared/phone.ts';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { Link, useNavigate } from 'react-router';
import { formatEventDate, formatEventTime } from '@shared/event.ts';
import { api, paths } from '@shared/paths.ts';
import { honeypotField, type Registration } from '@shared/registration.schema.ts';
import { confirmacaoLabels, levarAlguemLabels } from '@shared/labels.ts';
import {
  confirmacaoOptions,
  levarAlguemOptions,
  type Confirmacao,
  type LevarAlguem,
} from '@shared/registration.fields.ts';
import { Button } from '@/components/ui/button.tsx';
import { toast } from '@/components/ui/toaster.tsx';
import { ApiRequestError, apiRequest } from '@/lib/api-client.ts';
import { event } from '@/lib/event-config.ts';
import { ChoiceGroup, type Choice } from './choice-group.tsx';
import { defaultCountry } from './country-options.ts';
import { clearDraft, readDraft, writeDraft } from './form-draft.ts';
import { TextField } from './form-field.tsx';
import { PhoneField } from './phone-field.tsx';
import {
  emptyValues,
  firstInvalidField,
  formFieldErrors,
  prepareSubmission,
  refusalDescription,
  registrationTexts as texts,
  type FieldErrors,
  type RegistrationFormValues,
} from './registration-submission.ts';

const levarAlguemChoices: Choice<LevarAlguem>[] = levarAlguemOptions.map((value) => ({
  value,
  label: levarAlguemLabels[value],
}));

const confirmacaoChoices: Choice<Confirmacao>[] = confirmacaoOptions.map((value) => ({
  value,
  label: confirmacaoLabels[value],
}));

function failureDescription(reason?: string): ReactNode {
  if (!reason) return texts.failed;
  return (
    <>
      <span className="block">{texts.failed}</span>
      <span className="mt-1 block">{reason}</span>
    </>
  );
}

export function RegistrationForm() {
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  // State updates are not synchronous: a second tap in the same frame must see this at once.
  const sendingRef = useRef(false);
  const [sending, setSending] = useState(false);
  const [values, setValues] = useState<RegistrationFormValues>(() => ({
    ...emptyValues(defaultCountry),
    ...readDraft(),
  }));
  const [errors, setErrors] = useState<FieldErrors>({});

  useEffect(() => writeDraft(values), [values]);

  function update<K extends keyof RegistrationFormValues>(
    key: K,
    value: RegistrationFormValues[K],
  ) {
    setValues((current) => ({ ...current, [key]: value }));
    const field = key === 'country' ? 'whatsapp' : key;
    setErrors((current) => {
      if (!(field in current)) return current;
      const { [field as keyof FieldErrors]: _cleared, ...rest } = current;
      return rest;
    });
  }

  function showErrors(next: FieldErrors) {
    setErrors(next);
    const first = firstInvalidField(next);
    if (!first) return;
    const element = formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`);
    element?.focus();
  }

  async function handleSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (sendingRef.current) return;

    const submission = prepareSubmission(values);
    if (!submission.ok) {
      showErrors(submission.errors);
      toast.error(texts.errorTitle, { description: refusalDescription(submission) });
      return;
    }

    sendingRef.current = true;
    setSending(true);
    setErrors({});
    try {
      await apiRequest<Registration>(api.registrations, {
        method: 'POST',
        body: submission.body,
      });
    } catch (error) {
      showFailure(error);
      return;
    }
    // sendingRef stays true: the form is on its way out.
    clearDraft();
    toast.success(texts.successTitle, { description: texts.successDescription });
    await navigate(paths.thanks);
  }

  /** Back to the form as it was, with the reason in a toast and at the fields. */
  function showFailure(error: unknown) {
    sendingRef.current = false;
    // Rendered at once: the button must be enabled again before it can take the focus.
    flushSync(() => setSending(false));
    const fieldMessages = error instanceof ApiRequestError ? formFieldErrors(error.fields) : {};
    const onFields = firstInvalidField(fieldMessages) !== undefined;
    const reason = error instanceof ApiRequestError && !onFields ? error.message : undefined;
    toast.error(texts.errorTitle, { description: failureDescription(reason) });
    if (onFields) {
      showErrors(fieldMessages);
    } else {
      formRef.current?.querySelector<HTMLElement>('button[type="submit"]')?.focus();
    }
  }

  return (
    <form ref={formRef} noValidate onSubmit={handleSubmit} className="grid gap-5">
      <p className="text-muted-foreground text-sm">
        Campos marcados com <span className="text-destructive font-semibold">*</span> são
        obrigatórios.
      </p>

      <TextField
        name="nome_completo"
        label="Nome completo"
        required
        autoComplete="name"
        autoCapitalize="words"
        maxLength={200}
        value={values.nome_completo}
        onChange={(e) => update('nome_completo', e.target.value)}
        error={errors.nome_completo}
      />

      <PhoneField
        number={values.whatsapp}
        country={values.country}
        error={errors.whatsapp}
        onNumberChange={(value) => update('whatsapp', value)}
        onCountryChange={(country: CountryCode) => update('country', country)}
      />

      <TextField
        name="email"
        label="E-mail"
        type="email"
        required
        autoComplete="email"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={254}
        value={values.email}
        onChange={(e) => update('email', e.target.value)}
        error={errors.email}
      />

      <TextField
        name="nome_compania"
        label="Nome da empresa"
        required
        autoComplete="organization"
        maxLength={200}
        value={values.nome_compania}
        onChange={(e) => update('nome_compania', e.target.value)}
        error={errors.nome_compania}
      />

      <ChoiceGroup
        name="levar_alguem"
        legend="Quer levar alguém?"
        help="Envie o link desta página para a pessoa se inscrever, ou preencha o formulário de novo para ela depois de enviar a sua inscrição."
        choices={levarAlguemChoices}
        value={values.levar_alguem}
        error={errors.levar_alguem}
        onChange={(value) => update('levar_alguem', value)}
      />

      <ChoiceGroup
        name="confirmacao"
        legend="Confirmação"
        help={`O evento é no dia ${formatEventDate(event)}, às ${formatEventTime(event)}. Reserve a data!`}
        choices={confirmacaoChoices}
        value={values.confirmacao}
        error={errors.confirmacao}
        onChange={(value) => update('confirmacao', value)}
      />

      {/* The honeypot: off-screen and hidden from assistive technology, so only bots fill it. */}
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label htmlFor={honeypotField}>Deixe este campo vazio</label>
        <input
          id={honeypotField}
          name={honeypotField}
          type="text"
          tabIndex={-1}
          autoComplete="off"
          value={values[honeypotField]}
          onChange={(e) => update(honeypotField, e.target.value)}
        />
      </div>

      <div className="grid gap-3 pt-1">
        <Button type="submit" size="lg" disabled={sending} className="w-full text-base">
          {sending && <LoaderCircle aria-hidden="true" className="size-5 animate-spin" />}
          {sending ? 'Enviando...' : 'Confirmar Presença'}
        </Button>
        <p className="text-muted-foreground flex items-center justify-center gap-1 text-sm">
          <Lock aria-hidden="true" className="size-4" />
          <Link
            to={paths.privacy}
            className="text-foreground focus-visible:ring-ring inline-flex min-h-11 items-center rounded px-1 underline underline-offset-4 focus-visible:ring-2 focus-visible:outline-none"
          >
            Como usamos seus dados
          </Link>
        </p>
      </div>
    </form>
  );
}
