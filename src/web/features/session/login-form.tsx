// The login of the panel and of the check-in screen. The server answers with an HttpOnly session
// cookie; nothing is stored here.
import { useId, useRef, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { ApiRequestError } from '@/lib/api-client.ts';
import { useEvent } from '@/lib/event-config.ts';
import { useDocumentTitle } from '@/lib/use-document-title.ts';
import { logIn, type Session } from './session-api.ts';
import { sessionTexts } from './session-texts.ts';

const texts = sessionTexts.login;

export interface LoginFormProps {
  /** What the account opens: 'Painel Administrativo'. */
  area: string;
  /** The form's heading and the tab's title: 'Entrar no painel'. */
  title: string;
  onLoggedIn(session: Session): void;
  /** A problem to show before anyone typed (the session check failed). */
  initialError?: string;
}

export function LoginForm({ area, title, onLoggedIn, initialError = '' }: LoginFormProps) {
  const event = useEvent();
  useDocumentTitle(`${title} · ${event.name}`);
  const id = useId();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState(initialError);
  const [sending, setSending] = useState(false);
  const passwordInput = useRef<HTMLInputElement>(null);
  const errorId = `${id}-error`;

  async function submit(formEvent: FormEvent<HTMLFormElement>) {
    formEvent.preventDefault();
    if (sending) return;
    setSending(true);
    setError('');
    try {
      const session = await logIn(email.trim(), password);
      onLoggedIn(session);
    } catch (failure) {
      setError(failure instanceof ApiRequestError ? failure.message : texts.failed);
      setPassword('');
      setSending(false);
      passwordInput.current?.focus();
    }
  }

  return (
    <main className="flex min-h-dvh items-center justify-center px-4 py-10">
      <meta name="robots" content="noindex" />
      <div className="bg-card w-full max-w-sm rounded-lg border p-6 shadow-sm sm:p-8">
        <p className="text-muted-foreground text-sm font-medium">
          {event.name} · {area}
        </p>
        <h1 className="mt-1 text-2xl font-bold tracking-tight">{title}</h1>
        <p className="text-muted-foreground mt-2 text-sm">{texts.intro}</p>

        <form className="mt-6 grid gap-5" onSubmit={submit} aria-describedby={errorId}>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-email`}>{texts.email}</Label>
            <Input
              id={`${id}-email`}
              name="email"
              type="email"
              inputMode="email"
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              required
              autoFocus
              value={email}
              aria-invalid={error ? true : undefined}
              onChange={(e) => setEmail(e.target.value)}
            />
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-password`}>{texts.password}</Label>
            <Input
              ref={passwordInput}
              id={`${id}-password`}
              name="password"
              type="password"
              autoComplete="current-password"
              required
              value={password}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              onChange={(e) => setPassword(e.target.value)}
            />
          </div>
          <div
            id={errorId}
            role="alert"
            className="text-destructive empty:hidden text-sm font-medium"
          >
            {error}
          </div>
          <Button type="submit" size="lg" disabled={sending} aria-busy={sending || undefined}>
            {sending ? texts.submitting : texts.submit}
          </Button>
        </form>
      </div>
    </main>
  );
}
