// One edition's results, from its registrations: three figures (attendance, arrivals per 15
// minutes, registrations per day), each a chart for the eye and a table with the same numbers for
// screen readers. The numbers come from attendance.ts, computed by the screen (in the panel's
// chunk); this file, the charts and their library are a chunk of their own, loaded when a results
// screen opens. It imports nothing another chunk shares: a module shared with the panel would
// become a chunk of its own, named in every public page's list of chunks (decisions 0116, 0140).
import { useId, type ReactNode } from 'react';
import type { ArrivalSlot, Results } from './attendance.ts';
import { ColumnChart, RowChart, type ChartBar } from './results-charts.tsx';
import { resultsTexts as texts } from './results-texts.ts';

/** 'DD/MM' from 'YYYY-MM-DD'; with the year: 'DD/MM/YYYY'. */
function dayLabel(day: string, withYear = false): string {
  const [year, month, date] = day.split('-');
  return withYear ? `${date}/${month}/${year}` : `${date}/${month}`;
}

function slotLabel(slot: ArrivalSlot, severalDays: boolean): string {
  return texts.arrivals.slot(slot.from, slot.to, severalDays ? dayLabel(slot.day) : undefined);
}

export interface ResultsViewProps {
  results: Results;
  /** false: the event has not ended yet (a no-show may still be on the way). */
  over: boolean;
}

export function ResultsView({ results, over }: ResultsViewProps) {
  const { outcome, arrivals: slots, perDay: days } = results;
  const confirmed = outcome.came + outcome.noShows;
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
    <div className="grid min-w-0 gap-5">
      {!over && (
        <p className="bg-warning text-warning-foreground rounded-lg px-4 py-3 text-sm">
          {texts.notOver}
        </p>
      )}
      <div className="grid min-w-0 gap-5 lg:grid-cols-2">
        <ChartFigure
          heading={texts.outcome.heading}
          columns={[texts.outcome.what, texts.outcome.people]}
          rows={outcomeBars.map((bar) => [bar.label, bar.value])}
          chart={<RowChart bars={outcomeBars} />}
        >
          <div className="text-muted-foreground grid gap-1 text-sm">
            {confirmed > 0 && <p>{texts.outcome.rate(outcome.came, confirmed)}</p>}
            <p>{texts.outcome.noShowsNote}</p>
            {outcome.unconfirmed > 0 && <p>{texts.outcome.unconfirmed(outcome.unconfirmed)}</p>}
            {results.outsideWindow > 0 && (
              <p>{texts.outcome.outsideWindow(results.outsideWindow)}</p>
            )}
          </div>
        </ChartFigure>
        <ChartFigure
          heading={texts.arrivals.heading}
          columns={[texts.arrivals.time, texts.arrivals.count]}
          rows={slots.map((slot) => [slotLabel(slot, severalDays), slot.count])}
          chart={
            <ColumnChart
              bars={slots.map((slot) => ({
                key: slot.start,
                label: severalDays ? `${dayLabel(slot.day)} ${slot.from}` : slot.from,
                value: slot.count,
              }))}
            />
          }
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
          chart={
            <ColumnChart
              bars={days.map((d) => ({
                key: d.day,
                label: dayLabel(d.day, severalYears),
                value: d.count,
              }))}
            />
          }
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
  chart: ReactNode;
  /** Shown instead of the chart and the table when there is nothing to count. */
  empty?: string;
  children?: ReactNode;
}

/**
 * A chart with its title, and its numbers in a table only screen readers reach (the chart itself
 * is hidden from them): the same figures, in the order the chart shows them.
 */
function ChartFigure({ heading, columns, rows, chart, empty, children }: ChartFigureProps) {
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
          {chart}
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
