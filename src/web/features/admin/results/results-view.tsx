// One edition's results, from its registrations: three figures (attendance, arrivals per 15
// minutes, registrations per day), each a chart for the eye and a table with the same numbers for
// screen readers. The numbers are computed here, in the panel's chunk (attendance.ts); only the
// drawing waits for the charts' chunk.
import { useId, useMemo, useState, type ReactNode } from 'react';
import { eventStartsAt } from '@shared/event-start.ts';
import type { EventConfig } from '@shared/event.ts';
import type { Registration } from '@shared/registration.schema.ts';
import { Button } from '@/components/ui/button.tsx';
import {
  arrivalsPerSlot,
  attendanceOutcome,
  registrationsPerDay,
  type ArrivalSlot,
} from './attendance.ts';
import type { ChartBar } from './results-charts.tsx';
import { resultsTexts as texts } from './results-texts.ts';
import { useCharts, type Charts } from './use-charts.ts';

/** 'DD/MM' from 'YYYY-MM-DD'; with the year: 'DD/MM/YYYY'. */
function dayLabel(day: string, withYear = false): string {
  const [year, month, date] = day.split('-');
  return withYear ? `${date}/${month}/${year}` : `${date}/${month}`;
}

function slotLabel(slot: ArrivalSlot, severalDays: boolean): string {
  return texts.arrivals.slot(slot.from, slot.to, severalDays ? dayLabel(slot.day) : undefined);
}

export interface ResultsViewProps {
  registrations: readonly Registration[];
  event: EventConfig;
}

export function ResultsView({ registrations, event }: ResultsViewProps) {
  // When the screen opened: enough to say whether the event is over.
  const [openedAt] = useState(() => Date.now());
  const { timeZone } = event;
  const outcome = useMemo(() => attendanceOutcome(registrations), [registrations]);
  const slots = useMemo(() => arrivalsPerSlot(registrations, timeZone), [registrations, timeZone]);
  const days = useMemo(
    () => registrationsPerDay(registrations, timeZone),
    [registrations, timeZone],
  );
  const charts = useCharts();
  const over = openedAt >= eventStartsAt(event).getTime() + event.durationMinutes * 60_000;
  const confirmed = outcome.came + outcome.noShows;

  if (registrations.length === 0) {
    return <p className="text-muted-foreground py-12 text-center">{texts.empty}</p>;
  }

  const outcomeBars: ChartBar[] = [
    { key: 'came', label: texts.outcome.came, value: outcome.came, fill: 'fill-success' },
    {
      key: 'noShows',
      label: texts.outcome.noShows,
      value: outcome.noShows,
      fill: 'fill-destructive',
    },
    {
      key: 'cancelled',
      label: texts.outcome.cancelled,
      value: outcome.cancelled,
      fill: 'fill-muted-foreground',
    },
  ];
  const severalDays = new Set(slots.map((slot) => slot.day)).size > 1;
  const severalYears = new Set(days.map((d) => d.day.slice(0, 4))).size > 1;
  const arrivals = slots.reduce((sum, slot) => sum + slot.count, 0);

  return (
    <div className="grid gap-5">
      {!over && (
        <p className="bg-warning text-warning-foreground rounded-lg px-4 py-3 text-sm">
          {texts.notOver}
        </p>
      )}
      {charts.failed && (
        <div className="flex flex-wrap items-center gap-3 text-sm">
          <p>{texts.charts.failed}</p>
          <Button size="sm" variant="outline" onClick={charts.retry}>
            {texts.charts.retry}
          </Button>
        </div>
      )}
      <div className="grid gap-5 lg:grid-cols-2">
        <ChartFigure
          heading={texts.outcome.heading}
          columns={[texts.outcome.what, texts.outcome.people]}
          rows={outcomeBars.map((bar) => [bar.label, bar.value])}
          chart={(c) => <c.RowChart bars={outcomeBars} />}
          charts={charts}
          placeholderHeight={138}
        >
          <div className="text-muted-foreground grid gap-1 text-sm">
            {confirmed > 0 && <p>{texts.outcome.rate(outcome.came, confirmed)}</p>}
            <p>{texts.outcome.noShowsNote}</p>
            {outcome.unconfirmed > 0 && <p>{texts.outcome.unconfirmed(outcome.unconfirmed)}</p>}
          </div>
        </ChartFigure>
        <ChartFigure
          heading={texts.arrivals.heading}
          columns={[texts.arrivals.time, texts.arrivals.count]}
          rows={slots.map((slot) => [slotLabel(slot, severalDays), slot.count])}
          chart={(c) => (
            <c.ColumnChart
              bars={slots.map((slot) => ({
                key: slot.start,
                label: severalDays ? `${dayLabel(slot.day)} ${slot.from}` : slot.from,
                value: slot.count,
              }))}
            />
          )}
          charts={charts}
          empty={texts.arrivals.empty}
        >
          {arrivals > 0 && (
            <p className="text-muted-foreground text-sm">{texts.arrivals.total(arrivals)}</p>
          )}
        </ChartFigure>
        <ChartFigure
          heading={texts.perDay.heading}
          columns={[texts.perDay.day, texts.perDay.count]}
          rows={days.map((d) => [dayLabel(d.day, true), d.count])}
          chart={(c) => (
            <c.ColumnChart
              bars={days.map((d) => ({
                key: d.day,
                label: dayLabel(d.day, severalYears),
                value: d.count,
              }))}
            />
          )}
          charts={charts}
          empty={texts.perDay.empty}
        >
          <p className="text-muted-foreground text-sm">
            {texts.perDay.total(outcome.total, days.length)}
          </p>
        </ChartFigure>
      </div>
    </div>
  );
}

interface ChartFigureProps {
  heading: string;
  /** The table's two column headers. */
  columns: readonly [string, string];
  /** The table's rows: a label and its count, as the chart shows them. */
  rows: readonly (readonly [string, number])[];
  chart(charts: Charts): ReactNode;
  charts: ReturnType<typeof useCharts>;
  placeholderHeight?: number;
  /** Shown instead of the chart and the table when there is nothing to count. */
  empty?: string;
  children?: ReactNode;
}

/**
 * A chart with its title, and its numbers in a table only screen readers reach (the chart itself
 * is hidden from them): the same figures, in the order the chart shows them.
 */
function ChartFigure({
  heading,
  columns,
  rows,
  chart,
  charts,
  placeholderHeight = 220,
  empty,
  children,
}: ChartFigureProps) {
  const headingId = useId();
  const nothing = empty !== undefined && rows.length === 0;
  return (
    <figure
      aria-labelledby={headingId}
      className="bg-card text-card-foreground grid min-w-0 content-start gap-3 rounded-lg border p-4 shadow-sm sm:p-5"
    >
      <figcaption>
        <h3 id={headingId} className="text-base font-bold">
          {heading}
        </h3>
      </figcaption>
      {nothing ? (
        <p className="text-muted-foreground text-sm">{empty}</p>
      ) : (
        <>
          {charts.charts ? (
            chart(charts.charts)
          ) : (
            <div
              aria-hidden="true"
              className="bg-muted text-muted-foreground grid place-items-center rounded text-sm"
              style={{ height: placeholderHeight }}
            >
              {charts.failed ? '' : texts.charts.loading}
            </div>
          )}
          <table className="sr-only">
            <caption>{heading}</caption>
            <thead>
              <tr>
                <th scope="col">{columns[0]}</th>
                <th scope="col">{columns[1]}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map(([label, count], i) => (
                <tr key={i}>
                  <th scope="row">{label}</th>
                  <td>{texts.number(count)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
      {children}
    </figure>
  );
}
