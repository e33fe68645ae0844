// The registration form: the spec's fields, checked with the shared schema before anything is
// sent, the server's messages put back on the fields, and one request per submission. The
// checks (zod and the phone metadata) and the toasts load once the visitor starts on the form,
// so the page paints and becomes usable without them (docs/decisions/0017).
import { use, useEffect, useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { useLocation } from 'wouter';
import { api, paths } from '@shared/paths.ts';
import type { CountryCode } from '@shared/phone.ts';
import { answerFieldName, honeypotField } from '@shared/registration.fields.ts';
import { preloadToasts, toast } from '@/components/ui/toaster.tsx';
import { ApiRequestError, apiRequest } from '@/lib/api-client.ts';
import { useEvent, useEventDates } from '@/lib/event-config.ts';
import { useMessageProviders } from '@/lib/message-providers.ts';
import { AskedFields } from './form-asked-fields.tsx';
import { failureDescription } from './form-choices.tsx';
import { clearDraft, readDraftText, submissionKey, writeDraft } from './form-draft.ts';
import { TextField } from './form-field.tsx';
import {
  emptyValues,
  firstInvalidField,
  formFieldErrors,
  typedBeforeHydration,
  type FieldErrors,
  type RegistrationFormValues,
} from './form-values.ts';
import { countrySelectName } from './country-list.ts';
import { FormStartContext } from './form-start.ts';
import { FormHoneypot } from './form-honeypot.tsx';
import { FormSubmitRow } from './form-submit-row.tsx';
import { PhoneField } from './phone-field.tsx';
import { refusalDescription, registrationTexts as texts } from './registration-texts.ts';
import { thanksNavigation, type CreatedRegistration } from './registration-outcome.ts';

const loadChecks = () => import('./form-checks.ts');

export function RegistrationForm() {
  const event = useEvent();
  const dates = useEventDates();
  // The picker starts on the event's phone country (issue 33.3).
  const defaultCountry = event.phoneCountry as CountryCode;
  const questions = event.questions;
  const providers = useMessageProviders();
  const [, navigate] = useLocation();
  const formRef = useRef<HTMLFormElement>(null);
  // State updates are not synchronous: a second tap in the same frame must see this at once.
  const sendingRef = useRef(false);
  const [sending, setSending] = useState(false);
  // The server rendered the form empty (or, refusing a form posted without script, as it was
  // typed: `start`); a saved draft comes back once the page is live.
  const start = use(FormStartContext);
  const [values, setValues] = useState<RegistrationFormValues>(
    () => start?.values ?? emptyValues(defaultCountry),
  );
  const [errors, setErrors] = useState<FieldErrors>(() => start?.errors ?? {});
  /** Until the draft was read back (or the visitor typed), nothing is saved over it. */
  const draftSettled = useRef(false);
  /**
   * Whether the form is ours: until then the browser's own checks guard it. Set in the same
   * render as what was typed before, so a submission the page's entry held back until then
   * (form-page-entry.ts, which waits for `noValidate`) sends the values on screen.
   */
  const [live, setLive] = useState(false);

  useEffect(() => {
    const form = formRef.current!;
    // A second render on purpose: the one that says the app has the form, with what was typed.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setLive(true);
    const typed = typedBeforeHydration(
      form,
      countrySelectName,
      emptyValues(defaultCountry),
      questions,
    );
    if (Object.keys(typed).length > 0) {
      // What was typed on the server's HTML wins over any older draft.
      draftSettled.current = true;
      setValues((current) => ({ ...current, ...typed }));
      return;
    }
    // A draft to bring back needs the checks now; otherwise they load when the visitor starts.
    const draftText = readDraftText();
    if (!draftText) {
      draftSettled.current = true;
      return;
    }
    let active = true;
    loadChecks()
      .then(({ parseDraft }) => {
        const draft = parseDraft(draftText);
        if (active && draft && !draftSettled.current) setValues((v) => ({ ...v, ...draft }));
      })
      .catch(() => {
        // No connection: the form still works; its checks load again on submit.
      })
      .finally(() => {
        if (active) draftSettled.current = true;
      });
    return () => {
      active = false;
    };
  }, [defaultCountry, questions]);

  /** The visitor has started on the form: load its checks and its toasts while they type. */
  function warmUp() {
    preloadToasts();
    loadChecks().catch(() => {});
  }

  useEffect(() => {
    if (draftSettled.current) writeDraft(values);
  }, [values]);

  function update<K extends keyof RegistrationFormValues>(
    key: K,
    value: RegistrationFormValues[K],
  ) {
    draftSettled.current = true;
    setValues((current) => ({ ...current, [key]: value }));
    const field = key === 'country' ? 'whatsapp' : key;
    setErrors((current) => {
      if (!(field in current)) return current;
      const { [field as keyof FieldErrors]: _cleared, ...rest } = current;
      return rest;
    });
  }

  /** An answer to the organizer's question `id` (issue 34.2), its message cleared. */
  function answer(id: string, value: string | string[]) {
    draftSettled.current = true;
    setValues((current) => ({ ...current, respostas: { ...current.respostas, [id]: value } }));
    const field = answerFieldName(id);
    setErrors((current) => {
      if (!(field in current)) return current;
      const { [field]: _cleared, ...rest } = current;
      return rest;
    });
  }

  function showErrors(next: FieldErrors) {
    setErrors(next);
    const first = firstInvalidField(next, questions);
    if (!first) return;
    const element = formRef.current?.querySelector<HTMLElement>(`[name="${CSS.escape(first)}"]`);
    element?.focus();
  }

  async function handleSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (sendingRef.current) return;
    sendingRef.current = true;

    let checks: Awaited<ReturnType<typeof loadChecks>>;
    try {
      checks = await loadChecks();
    } catch (error) {
      showFailure(error);
      return;
    }
    const submission = checks.prepareSubmission(values, event);
    if (!submission.ok) {
      sendingRef.current = false;
      showErrors(submission.errors);
      toast.error(texts.errorTitle, { description: refusalDescription(submission) });
      return;
    }

    setSending(true);
    setErrors({});
    let registration: CreatedRegistration;
    try {
      registration = await apiRequest<CreatedRegistration>(api.registrations, {
        method: 'POST',
        body: submission.body,
        headers: { 'idempotency-key': submissionKey() },
      });
    } catch (error) {
      showFailure(error);
      return;
    }
    // sendingRef stays true: the form is on its way out.
    clearDraft();
    // The thank-you page of what became of it, its title repeated by the toast; the person's own
    // page, the ticket's code and the place in line go along (history state), shown there once.
    const thanks = thanksNavigation(registration, event, providers);
    toast.success(thanks.toast.title, { description: thanks.toast.description });
    navigate(thanks.path, { state: thanks.state });
  }

  /** Back to the form as it was, with the reason in a toast and at the fields. */
  function showFailure(error: unknown) {
    sendingRef.current = false;
    // Rendered at once: the button must be enabled again before it can take the focus.
    flushSync(() => setSending(false));
    const fieldMessages = error instanceof ApiRequestError ? formFieldErrors(error.fields) : {};
    const onFields = firstInvalidField(fieldMessages, questions) !== undefined;
    const reason = error instanceof ApiRequestError && !onFields ? error.message : undefined;
    toast.error(texts.errorTitle, { description: failureDescription(reason) });
    if (onFields) {
      showErrors(fieldMessages);
    } else {
      formRef.current?.querySelector<HTMLElement>('button[type="submit"]')?.focus();
    }
  }

  return (
    // method="post": a tap before the page is live never puts what was typed into a URL; the
    // server takes the form itself when this script never runs (decision 0209).
    <form
      ref={formRef}
      method="post"
      action={paths.register}
      noValidate={live}
      onSubmit={handleSubmit}
      onFocus={warmUp}
      onPointerDown={warmUp}
      className="grid gap-5"
    >
      {start && (
        <p role="alert" className="text-destructive text-sm font-medium">
          {refusalDescription(start)}
        </p>
      )}
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
        defaultCountry={defaultCountry}
        error={errors.whatsapp}
        onNumberChange={(value) => update('whatsapp', value)}
        onCountryChange={(country: CountryCode) => update('country', country)}
        allCountries={start !== null}
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

      <AskedFields
        event={event}
        date={dates.date}
        values={values}
        errors={errors}
        update={update}
        answer={answer}
      />

      <FormHoneypot
        value={values[honeypotField]}
        onChange={(value) => update(honeypotField, value)}
      />

      <FormSubmitRow sending={sending} />
    </form>
  );
}
