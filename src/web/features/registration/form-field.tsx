// A labelled text field with its help text and its error, wired for screen readers.
import type { ComponentProps, ReactNode } from 'react';
import { Input } from '@/components/ui/input.tsx';
import { cn } from '@/lib/cn.ts';

export function RequiredMark() {
  return (
    <span aria-hidden="true" className="text-destructive ml-0.5">
      *
    </span>
  );
}

export function FieldLabel({
  htmlFor,
  required,
  children,
}: {
  htmlFor: string;
  required?: boolean;
  children: ReactNode;
}) {
  return (
    <label htmlFor={htmlFor} className="text-[0.9375rem] font-semibold">
      {children}
      {required && <RequiredMark />}
    </label>
  );
}

export function errorId(name: string): string {
  return `${name}-erro`;
}

export function helpId(name: string): string {
  return `${name}-ajuda`;
}

/** Always in the page, so a screen reader hears the message when it appears. */
export function FieldError({ name, message }: { name: string; message?: string }) {
  return (
    <p id={errorId(name)} aria-live="polite" className="text-destructive text-sm font-medium">
      {message}
    </p>
  );
}

/** The ids for aria-describedby: the help text, and the error while there is one. */
export function describedBy(name: string, options: { help?: boolean; error?: string }) {
  const ids = [options.help ? helpId(name) : '', options.error ? errorId(name) : ''];
  return ids.filter(Boolean).join(' ') || undefined;
}

interface TextFieldProps extends Omit<ComponentProps<'input'>, 'name' | 'id'> {
  name: string;
  label: string;
  error?: string;
  help?: ReactNode;
}

export function TextField({
  name,
  label,
  error,
  help,
  required,
  className,
  ...props
}: TextFieldProps) {
  return (
    <div className={cn('grid gap-1.5', className)}>
      <FieldLabel htmlFor={name} required={required}>
        {label}
      </FieldLabel>
      <Input
        id={name}
        name={name}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(name, { help: Boolean(help), error })}
        {...props}
      />
      {help && (
        <p id={helpId(name)} className="text-muted-foreground text-sm">
          {help}
        </p>
      )}
      <FieldError name={name} message={error} />
    </div>
  );
}
