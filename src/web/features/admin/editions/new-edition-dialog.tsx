// 'Nova edição': the next edition's date and name (its own: decision 0217), and its time when it
// changes; the rest comes from the current edition. While the current edition is still to come and
// holds pending or confirmed people, it asks first, naming how many become read-only. Once created
// it is the current one everywhere: the panel's settings and list follow at once.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { newEditionSchema, type Edition, type NewEditionInput } from '@shared/edition.schema.ts';
import { formatEventDate, formatEventTime } from '@shared/event.ts';
import { eventEndsAt } from '@shared/event-start.ts';
import { eventFieldLimits } from '@shared/event-fields.ts';
import { fieldErrors } from '@shared/registration.schema.ts';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Input } from '@/components/ui/input.tsx';
import { toast } from '@/components/ui/toaster.tsx';
import { ApiRequestError, isUnauthorized } from '@/lib/api-client.ts';
import { useEvent } from '@/lib/event-config.ts';
import { createEdition, listEditions } from '../admin-api.ts';
import { registrationsKey } from '../use-live-registrations.ts';
import { useSetEventSettings } from '../use-event-settings.ts';
import { editionsKey } from './editions-keys.ts';
import { editionsTexts } from './editions-texts.ts';

const texts = editionsTexts.newEdition;
type Field = 'date' | 'name' | 'time';
type Values = Record<Field, string>;
type Errors = Partial<Record<Field | 'form', string>>;
const fields: readonly Field[] = ['date', 'name', 'time'];
const empty: Values = { date: '', name: '', time: '' };

/**
 * What is sent: the date and the name (missing when the box is empty, so the schema says they are
 * required), the time only when typed.
 */
function newEditionBody(values: Values): Partial<NewEditionInput> {
  return {
    ...(values.date ? { date: values.date } : {}),
    ...(values.name.trim() ? { name: values.name } : {}),
    ...(values.time ? { time: values.time } : {}),
  };
}

/**
 * The people a new edition would leave read-only, when the current edition is still to come: its
 * pending and confirmed, counted by the server now. Zero when it is over or holds nobody.
 */
async function peopleLeftBehind(): Promise<{ name: string; count: number }> {
  const current = (await listEditions()).find((edition) => edition.current);
  if (!current || eventEndsAt(current.event).getTime() <= Date.now()) {
    return { name: '', count: 0 };
  }
  return { name: current.event.name, count: current.pending_or_confirmed };
}

function placed(fieldMessages: Record<string, string>): Errors {
  const errors: Errors = {};
  const elsewhere: string[] = [];
  for (const [field, message] of Object.entries(fieldMessages)) {
    if ((fields as readonly string[]).includes(field)) errors[field as Field] = message;
    else elsewhere.push(message);
  }
  if (elsewhere.length > 0) errors.form = elsewhere.join(' ');
  return errors;
}

export interface NewEditionDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
}

export function NewEditionDialog({ open, onOpenChange }: NewEditionDialogProps) {
  const event = useEvent();
  const queryClient = useQueryClient();
  const setSettings = useSetEventSettings();
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  // Kept while the dialog is closed and opened again: a mistaken Esc loses nothing.
  const [values, setValues] = useState<Values>(empty);
  const [errors, setErrors] = useState<Errors>({});
  // Set while asking first: the current edition's name and how many people it leaves read-only.
  const [guard, setGuard] = useState<{ name: string; count: number } | null>(null);
  const guardConfirm = useRef<HTMLButtonElement>(null);
  const create = useMutation({ mutationFn: createEdition });

  function update(field: Field, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors(({ [field]: _cleared, ...rest }) => rest);
    setGuard(null);
  }

  function showErrors(next: Errors) {
    flushSync(() => setErrors(next));
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }

  async function submit(formEvent: FormEvent<HTMLFormElement>) {
    formEvent.preventDefault();
    if (create.isPending) return;
    const parsed = newEditionSchema.safeParse(newEditionBody(values));
    if (!parsed.success) return showErrors(placed(fieldErrors(parsed.error)));
    setErrors({});
    let edition: Edition;
    try {
      if (!guard) {
        const left = await peopleLeftBehind();
        if (left.count > 0) {
          flushSync(() => setGuard(left));
          guardConfirm.current?.focus();
          return;
        }
      }
      edition = await create.mutateAsync(parsed.data);
    } catch (error) {
      if (isUnauthorized(error)) return;
      if (error instanceof ApiRequestError && Object.keys(error.fields).length > 0) {
        return showErrors(placed(error.fields));
      }
      showErrors({
        form: error instanceof ApiRequestError ? error.message : texts.createFailed,
      });
      return;
    }
    // The new edition is current: its settings everywhere, its (empty) list loaded afresh (the
    // live stream's `reset` would reload it too, a moment later).
    setSettings(edition.event);
    void queryClient.resetQueries({ queryKey: registrationsKey });
    void queryClient.invalidateQueries({ queryKey: editionsKey });
    setValues(empty);
    setGuard(null);
    onOpenChange(false);
    toast.success(texts.created, {
      description: texts.createdDescription(edition.event.name, formatEventDate(edition.event)),
    });
  }

  const control = (field: Field) => ({
    id: `${id}-${field}`,
    name: field,
    value: values[field],
    onChange: (e: { target: { value: string } }) => update(field, e.target.value),
    'aria-invalid': errors[field] ? (true as const) : undefined,
    'aria-describedby':
      [field === 'date' ? '' : `${id}-${field}-ajuda`, errors[field] ? `${id}-${field}-erro` : '']
        .filter(Boolean)
        .join(' ') || undefined,
  });

  return (
    <AlertDialog
      open={open}
      onOpenChange={(next) => {
        if (!create.isPending) onOpenChange(next);
      }}
    >
      <AlertDialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto">
        <form ref={formRef} noValidate onSubmit={submit} className="grid gap-4">
          <AlertDialogHeader>
            <AlertDialogTitle>{texts.title}</AlertDialogTitle>
            <AlertDialogDescription className="[overflow-wrap:anywhere]">
              {texts.description(event.name)}
            </AlertDialogDescription>
          </AlertDialogHeader>
          <div className="grid gap-1.5">
            <label htmlFor={`${id}-date`} className="text-sm font-semibold">
              {texts.date}
              <span aria-hidden="true" className="text-destructive ml-0.5">
                *
              </span>
            </label>
            <Input {...control('date')} type="date" required />
            <FieldError id={`${id}-date-erro`} message={errors.date} />
          </div>
          <div className="grid gap-1.5">
            <label htmlFor={`${id}-name`} className="text-sm font-semibold">
              {texts.name}
              <span aria-hidden="true" className="text-destructive ml-0.5">
                *
              </span>
            </label>
            <Input
              {...control('name')}
              maxLength={eventFieldLimits.name}
              autoComplete="off"
              required
            />
            <p
              id={`${id}-name-ajuda`}
              className="text-muted-foreground text-sm [overflow-wrap:anywhere]"
            >
              {texts.nameHelp(event.name)}
            </p>
            <FieldError id={`${id}-name-erro`} message={errors.name} />
          </div>
          <div className="grid gap-1.5">
            <label htmlFor={`${id}-time`} className="text-sm font-semibold">
              {texts.time}
            </label>
            <Input {...control('time')} type="time" step={60} />
            <p id={`${id}-time-ajuda`} className="text-muted-foreground text-sm">
              {texts.timeHelp(formatEventTime(event))}
            </p>
            <FieldError id={`${id}-time-erro`} message={errors.time} />
          </div>
          {errors.form && (
            <p role="alert" className="text-destructive text-sm font-medium">
              {errors.form}
            </p>
          )}
          {guard && (
            <section
              role="alert"
              aria-labelledby={`${id}-guard`}
              className="bg-warning text-warning-foreground grid gap-1 rounded-lg p-3 text-sm"
            >
              <h3 id={`${id}-guard`} className="font-bold">
                {texts.guardTitle}
              </h3>
              <p className="[overflow-wrap:anywhere]">{texts.guard(guard.name, guard.count)}</p>
            </section>
          )}
          <AlertDialogFooter>
            {guard ? (
              <Button type="button" variant="outline" onClick={() => setGuard(null)}>
                {texts.guardBack}
              </Button>
            ) : (
              <AlertDialogCancel asChild>
                <Button variant="outline">{texts.cancel}</Button>
              </AlertDialogCancel>
            )}
            {/* aria-disabled, not disabled: a disabled button would drop the keyboard focus. */}
            <Button
              ref={guardConfirm}
              type="submit"
              variant={guard ? 'destructive' : 'default'}
              aria-disabled={create.isPending || undefined}
            >
              {create.isPending ? texts.creating : guard ? texts.guardConfirm : texts.create}
            </Button>
          </AlertDialogFooter>
        </form>
      </AlertDialogContent>
    </AlertDialog>
  );
}

function FieldError({ id, message }: { id: string; message?: string }) {
  return (
    <p id={id} aria-live="polite" className="text-destructive text-sm font-medium empty:hidden">
      {message}
    </p>
  );
}
