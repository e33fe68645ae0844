// The list's filters ('Todas', 'Pendentes'…, one at a time, combined with the search) and the
// buttons that select a whole filtered list, including the cards the window does not render.
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { adminTexts } from './admin-texts.ts';
import { deliveryViews, listViews, type ListView } from './registration-views.ts';

const texts = adminTexts.views;

export interface ListViewsProps {
  view: ListView;
  onViewChange(view: ListView): void;
  counts: Record<ListView, number>;
  /** Whether some channel sends by themselves: the views about messages are offered then. */
  sending: boolean;
  /** How many of the rows shown are pending, and have a failed message. */
  shownPending: number;
  shownFailed: number;
  onSelectPending(): void;
  onSelectFailed(): void;
  /** Beside the 'select all' buttons (the switch between cards and table). */
  aside?: ReactNode;
}

export function ListViews({
  view,
  onViewChange,
  counts,
  sending,
  shownPending,
  shownFailed,
  onSelectPending,
  onSelectFailed,
  aside,
}: ListViewsProps) {
  const offered = listViews.filter((v) => sending || !deliveryViews.has(v));
  return (
    // On a phone the views' legend is for screen readers only and the rows sit closer, so the
    // first person shows on the first screen (issue 31.12).
    <div className="flex min-w-0 flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-end sm:justify-between sm:gap-3">
      <fieldset className="min-w-0">
        <legend className="sr-only sm:not-sr-only sm:mb-1.5 sm:text-sm sm:font-semibold">
          {texts.legend}
        </legend>
        {/* One row that scrolls sideways on a phone, so the first person shows on the first
            screen; relative, so its visually hidden radios do not widen the page. */}
        <div className="relative -mx-4 flex gap-2 overflow-x-auto px-4 py-1 sm:mx-0 sm:flex-wrap sm:px-0">
          {offered.map((option) => (
            <label
              key={option}
              className="border-input bg-card has-[:checked]:bg-primary shrink-0 whitespace-nowrap has-[:checked]:text-primary-foreground has-[:checked]:border-primary has-[:focus-visible]:ring-ring inline-flex h-9 cursor-pointer items-center rounded-full border px-3 text-sm font-medium has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-offset-2"
            >
              <input
                type="radio"
                name="mostrar"
                value={option}
                checked={view === option}
                onChange={() => onViewChange(option)}
                className="sr-only"
              />
              {texts.option(texts.names[option], counts[option])}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="outline" size="sm" disabled={shownPending === 0} onClick={onSelectPending}>
          {adminTexts.bulk.selectPending}
        </Button>
        {sending && shownFailed > 0 && (
          <Button variant="outline" size="sm" onClick={onSelectFailed}>
            {adminTexts.bulk.selectFailed}
          </Button>
        )}
        {aside}
      </div>
    </div>
  );
}
