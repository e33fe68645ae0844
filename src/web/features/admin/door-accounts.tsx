// Door staff accounts, managed from the panel: the list, a new one (e-mail and password), removal.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { fieldErrors as zodFieldErrors } from '@shared/registration.schema.ts';
import { newDoorAccountSchema } from '@shared/door-account.schema.ts';
import { formatDateTime } from '@shared/labels.ts';
import { Button } from '@/components/ui/button.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { toast } from '@/components/ui/toaster.tsx';
import { ApiRequestError, errorCode, isUnauthorized } from '@/lib/api-client.ts';
import { useEvent } from '@/lib/event-config.ts';
import { createDoorAccount, listDoorAccounts, removeDoorAccount } from './admin-api.ts';
import { adminTexts } from './admin-texts.ts';

const texts = adminTexts.doorAccounts;
const accountsKey = ['admin', 'door-accounts'] as const;

export interface DoorAccountsProps {
  id: string;
}

// A 401 ends the session through the query client (lib/live-query-client.ts).
export function DoorAccounts({ id }: DoorAccountsProps) {
  const { timeZone } = useEvent();
  const queryClient = useQueryClient();
  const headingId = useId();
  const accounts = useQuery({
    queryKey: accountsKey,
    queryFn: ({ signal }) => listDoorAccounts(signal),
  });
  const remove = useMutation({
    mutationFn: removeDoorAccount,
    onSuccess: () => toast.success(texts.removed),
    onError: (error) => {
      if (!isUnauthorized(error)) toast.error(texts.removeFailed);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountsKey }),
  });

  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className="bg-card grid gap-4 rounded-lg border p-5"
    >
      <div>
        {/* Under the screen's own title (door-staff/door-staff-screen.tsx). */}
        <h3 id={headingId} className="text-lg font-bold">
          {texts.heading}
        </h3>
        <p className="text-muted-foreground text-sm">{texts.intro}</p>
      </div>
      {accounts.isPending && <p role="status">{texts.loading}</p>}
      {accounts.isError && <p role="alert">{texts.failed}</p>}
      {accounts.data?.length === 0 && <p className="text-muted-foreground">{texts.empty}</p>}
      {accounts.data && accounts.data.length > 0 && (
        <ul role="list" className="grid gap-2">
          {accounts.data.map((account) => (
            <li key={account.id} className="flex items-center justify-between gap-3 border-b pb-3">
              <div className="min-w-0">
                <p className="font-semibold [overflow-wrap:anywhere]">{account.email}</p>
                <p className="text-muted-foreground text-sm">
                  {texts.createdAt(formatDateTime(account.created_at, timeZone))}
                </p>
              </div>
              <Button
                size="sm"
                variant="outline"
                className="text-destructive shrink-0"
                aria-label={`${texts.remove} ${account.email}`}
                disabled={remove.isPending && remove.variables === account.id}
                onClick={() => remove.mutate(account.id)}
              >
                {texts.remove}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <NewDoorAccountForm />
    </section>
  );
}

function NewDoorAccountForm() {
  const queryClient = useQueryClient();
  const id = useId();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useMutation({
    mutationFn: createDoorAccount,
    onSuccess: () => {
      toast.success(texts.created);
      setEmail('');
      setPassword('');
      setErrors({});
      return queryClient.invalidateQueries({ queryKey: accountsKey });
    },
    onError: (error) => {
      if (isUnauthorized(error)) return;
      setPassword('');
      // The server's words go where the organizer looks: at the field, or under the form.
      if (error instanceof ApiRequestError && Object.keys(error.fields).length > 0) {
        setErrors(error.fields);
      } else if (errorCode(error) === 'account_exists') {
        setErrors({ email: error.message });
      } else {
        setErrors({ form: error instanceof ApiRequestError ? error.message : texts.createFailed });
      }
    },
  });

  function submit(formEvent: FormEvent<HTMLFormElement>) {
    formEvent.preventDefault();
    const parsed = newDoorAccountSchema.safeParse({ email, password });
    if (!parsed.success) return setErrors(zodFieldErrors(parsed.error));
    create.mutate(parsed.data);
  }

  const field = (name: 'email' | 'password') => ({
    id: `${id}-${name}`,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${id}-${name}-error` : undefined,
  });

  return (
    <form className="grid gap-3" onSubmit={submit} noValidate>
      <h4 className="font-semibold">{texts.newHeading}</h4>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-email`}>{texts.email}</Label>
        <Input
          {...field('email')}
          type="email"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <FieldError id={`${id}-email-error`} message={errors.email} />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-password`}>{texts.password}</Label>
        <Input
          {...field('password')}
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <p className="text-muted-foreground text-sm">{texts.passwordHint}</p>
        <FieldError id={`${id}-password-error`} message={errors.password} />
      </div>
      <div role="alert" className="text-destructive empty:hidden text-sm font-medium">
        {errors.form}
      </div>
      <Button type="submit" disabled={create.isPending} aria-busy={create.isPending || undefined}>
        {create.isPending ? texts.creating : texts.create}
      </Button>
    </form>
  );
}

function FieldError({ id, message }: { id: string; message?: string }) {
  return (
    <p id={id} className="text-destructive empty:hidden text-sm font-medium">
      {message}
    </p>
  );
}
