// 'Cartões' / 'Tabela': how the panel shows the registrations, kept in this browser.
import { LayoutGrid, Rows3 } from 'lucide-react';
import { cn } from '@/lib/cn.ts';
import { registrationTableTexts } from './registration-table-texts.ts';
import type { ListLayout } from './use-list-layout.ts';

const texts = registrationTableTexts.layout;

export function ListLayoutSwitch({
  layout,
  onChange,
}: {
  layout: ListLayout;
  onChange(layout: ListLayout): void;
}) {
  const option = (value: ListLayout, label: string, Icon: typeof Rows3) => (
    <button
      type="button"
      aria-pressed={layout === value}
      onClick={() => onChange(value)}
      className={cn(
        'inline-flex min-h-9 min-w-9 items-center justify-center gap-1.5 rounded-md px-2 text-sm font-semibold sm:px-3',
        'focus-visible:ring-ring focus-visible:ring-2 focus-visible:outline-none',
        layout === value
          ? 'bg-primary text-primary-foreground'
          : 'text-muted-foreground hover:bg-muted',
      )}
    >
      <Icon aria-hidden="true" className="size-4" />
      {/* Icons alone on a phone, beside the 'select all' button on one line. */}
      <span className="sr-only sm:not-sr-only">{label}</span>
    </button>
  );
  return (
    <div
      role="group"
      aria-label={texts.label}
      className="bg-card inline-flex gap-1 rounded-lg border p-1"
    >
      {option('cards', texts.cards, LayoutGrid)}
      {option('table', texts.table, Rows3)}
    </div>
  );
}
