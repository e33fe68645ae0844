// One section of the 'Evento' form: a fieldset with its legend, an optional intro and its fields.
import type { ReactNode } from 'react';

export function SettingsGroup({
  legend,
  intro,
  columns,
  children,
}: {
  legend: string;
  intro?: string;
  /** Two columns from a tablet's width up. */
  columns?: boolean;
  children: ReactNode;
}) {
  return (
    <fieldset>
      <legend className="text-lg font-bold">{legend}</legend>
      <div className="mt-2 grid gap-4">
        {intro && <p className="text-muted-foreground text-sm">{intro}</p>}
        <div className={columns ? 'grid gap-4 sm:grid-cols-2' : 'grid gap-4'}>{children}</div>
      </div>
    </fieldset>
  );
}
