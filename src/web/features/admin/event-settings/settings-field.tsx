// One labelled field of the 'Evento' form: its label, the control, a help line and its error, tied
// together for screen readers. The control comes from the caller with the props it must carry.
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn.ts';

export interface ControlProps {
  id: string;
  name: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

export interface SettingsFieldProps {
  name: string;
  label: string;
  help?: ReactNode;
  error?: string;
  className?: string;
  children(control: ControlProps): ReactNode;
}

/** The id of a field's control: the form focuses the first field in error through it. */
export function controlId(name: string): string {
  return `evento-${name}`;
}

export function SettingsField({
  name,
  label,
  help,
  error,
  className,
  children,
}: SettingsFieldProps) {
  const id = controlId(name);
  const helpId = `${id}-ajuda`;
  const errorId = `${id}-erro`;
  const describedBy = [help ? helpId : '', error ? errorId : ''].filter(Boolean).join(' ');
  return (
    <div className={cn('grid gap-1.5', className)}>
      <label htmlFor={id} className="text-sm font-semibold">
        {label}
      </label>
      {children({
        id,
        name,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy || undefined,
      })}
      {help && (
        <p id={helpId} className="text-muted-foreground text-sm">
          {help}
        </p>
      )}
      {/* Always in the page, so a screen reader hears the message when it appears. */}
      <p
        id={errorId}
        aria-live="polite"
        className="text-destructive text-sm font-medium empty:hidden"
      >
        {error}
      </p>
    </div>
  );
}
