// /admin/configurar?token=…: the first admin, on a site that has none yet. The server sends this
// page only while the link's token is live (otherwise its not-found page); the form creates the
// account, which is then logged in, and lands on the panel: first its screen that asks for the
// event (features/admin/first-start/), then the event settings.
// First: zod must be configured before any schema module runs (see zod-config.ts).
import '@/lib/zod-config.ts';
import { useId, useRef, useState, type FormEvent } from 'react';
import { firstAdminFieldsSchema } from '@shared/first-admin.schema.ts';
import { paths, setupLanding } from '@shared/paths.ts';
import { fieldErrors as zodFieldErrors } from '@shared/registration.schema.ts';
import { Button } from '@/components/ui/button.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { ApiRequestError, errorCode, isNotFound } from '@/lib/api-client.ts';
import { useEvent } from '@/lib/event-config.ts';
import { useDocumentTitle } from '@/lib/use-document-title.ts';
import { createFirstAdmin } from './setup-api.ts';
import { setupTexts as texts } from './setup-texts.ts';

type Field = 'email' | 'password' | 'repeat';
type Errors = Partial<Record<Field | 'form', string>>;
const fieldOrder: readonly Field[] = ['email', 'password', 'repeat'];

/** The page is only ever rendered in the browser (the server sends it empty): `location` is there. */
function linkToken(): string {
  return new URLSearchParams(location.search).get('token') ?? '';
}

export function SetupPage() {
  const event = useEvent();
  useDocumentTitle(`${texts.title} · ${event.name}`);
  const id = useId();
  const [token] = useState(linkToken);
  const [values, setValues] = useState<Record<Field, string>>({
    email: '',
    password: '',
    repeat: '',
  });
  const [errors, setErrors] = useState<Errors>({});
  const [linkGone, setLinkGone] = useState(false);
  const [sending, setSending] = useState(false);
  const emailInput = useRef<HTMLInputElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);
  const repeatInput = useRef<HTMLInputElement>(null);

  /** Shows the problems, and takes the focus to the first field that has one. */
  function showErrors(found: Errors) {
    setErrors(found);
    const first = fieldOrder.find((field) => found[field]);
    const inputs = { email: emailInput, password: passwordInput, repeat: repeatInput };
    if (first) inputs[first].current?.focus();
  }

  async function submit(formEvent: FormEvent<HTMLFormElement>) {
    formEvent.preventDefault();
    if (sending || linkGone) return;
    const parsed = firstAdminFieldsSchema.safeParse({
      email: values.email,
      password: values.password,
    });
    const found: Errors = parsed.success ? {} : zodFieldErrors(parsed.error);
    if (!found.password && values.repeat !== values.password) found.repeat = texts.mismatch;
    if (!parsed.success || found.repeat) return showErrors(found);

    setSending(true);
    setErrors({});
    try {
      await createFirstAdmin({ ...parsed.data, token });
      // A full load: the panel asks who is there, and finds the new session.
      location.replace(setupLanding);
    } catch (failure) {
      setSending(false);
      if (isNotFound(failure)) {
        setLinkGone(true);
      } else if (failure instanceof ApiRequestError && Object.keys(failure.fields).length > 0) {
        showErrors(failure.fields);
      } else if (errorCode(failure) === 'account_exists') {
        showErrors({ email: (failure as ApiRequestError).message });
      } else {
        setErrors({ form: failure instanceof ApiRequestError ? failure.message : texts.failed });
      }
    }
  }

  const field = (name: Field, hint?: string) => {
    const describedBy = [hint, errors[name] ? `${id}-${name}-error` : undefined]
      .filter(Boolean)
      .join(' ');
    return {
      id: `${id}-${name}`,
      name,
      value: values[name],
      onChange: (changed: { target: { value: string } }) =>
        setValues((current) => ({ ...current, [name]: changed.target.value })),
      'aria-invalid': errors[name] ? true : undefined,
      'aria-describedby': describedBy || undefined,
    };
  };

  return (
    <main className="flex min-h-dvh items-center justify-center px-4 py-10">
      <meta name="robots" content="noindex" />
      <div className="bg-card w-full max-w-sm rounded-lg border p-6 shadow-sm sm:p-8">
        <p className="text-muted-foreground text-sm font-medium">
          {event.name} · {texts.area}
        </p>
        <h1 className="mt-1 text-2xl font-bold tracking-tight">{texts.title}</h1>
        <p className="text-muted-foreground mt-2 text-sm">{texts.intro}</p>

        <form className="mt-6 grid gap-5" onSubmit={submit} noValidate>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-email`}>{texts.email}</Label>
            <Input
              {...field('email')}
              ref={emailInput}
              type="email"
              inputMode="email"
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              required
              autoFocus
            />
            <FieldError id={`${id}-email-error`} message={errors.email} />
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-password`}>{texts.password}</Label>
            <Input
              {...field('password', `${id}-password-hint`)}
              ref={passwordInput}
              type="password"
              autoComplete="new-password"
              required
            />
            <p id={`${id}-password-hint`} className="text-muted-foreground text-sm">
              {texts.passwordHint}
            </p>
            <FieldError id={`${id}-password-error`} message={errors.password} />
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-repeat`}>{texts.repeat}</Label>
            <Input
              {...field('repeat')}
              ref={repeatInput}
              type="password"
              autoComplete="new-password"
              required
            />
            <FieldError id={`${id}-repeat-error`} message={errors.repeat} />
          </div>
          <div role="alert" className="text-destructive empty:hidden text-sm font-medium">
            {linkGone ? (
              <>
                {texts.linkGone}{' '}
                <a className="underline underline-offset-4" href={paths.admin}>
                  {texts.toPanel}
                </a>
              </>
            ) : (
              errors.form
            )}
          </div>
          <Button
            type="submit"
            size="lg"
            disabled={sending || linkGone}
            aria-busy={sending || undefined}
          >
            {sending ? texts.submitting : texts.submit}
          </Button>
        </form>
      </div>
    </main>
  );
}

function FieldError({ id, message }: { id: string; message?: string }) {
  return (
    <p id={id} className="text-destructive empty:hidden text-sm font-medium">
      {message}
    </p>
  );
}
