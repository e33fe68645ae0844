// The charts of 'Resultados', drawn with visx (docs/decisions/0140): plain SVG in the panel's
// colours, which a system's high-contrast mode recolours, sized to the width the screen gives
// them. In the results' own chunk, loaded when a results screen opens. Hidden from screen
// readers, which read the same numbers in the table beside each chart (results-view.tsx).
import { AxisBottom, AxisLeft } from '@visx/axis';
import { Group } from '@visx/group';
import { useParentSize } from '@visx/responsive';
import { scaleBand, scaleLinear } from '@visx/scale';
import { Bar } from '@visx/shape';

export interface ChartBar {
  key: string;
  /** On the axis (columns) or beside the bar (rows). */
  label: string;
  value: number;
  /** A Tailwind fill class; the primary colour by default. */
  fill?: string;
}

const number = new Intl.NumberFormat('pt-BR');
const fontSize = 12;
/** Room for one label under a column ('07:15', '06/12'), with a gap. */
const labelWidth = 44;
/** A column narrower than this gets no count above it (the axis still tells). */
const valueMinWidth = 22;
/** The most room one column takes: a few days do not make slabs across the screen. */
const maxStep = 64;

const columns = { height: 220, top: 20, right: 8, bottom: 28, left: 36 };

/** Columns over time (arrivals per slot, registrations per day), labelled as often as they fit. */
export function ColumnChart({ bars }: { bars: readonly ChartBar[] }) {
  const { parentRef, width } = useParentSize({ debounceTime: 100 });
  const innerWidth = Math.max(0, width - columns.left - columns.right);
  const innerHeight = columns.height - columns.top - columns.bottom;
  const max = Math.max(1, ...bars.map((bar) => bar.value));
  const used = Math.min(innerWidth, bars.length * maxStep);
  const x = scaleBand({
    domain: bars.map((bar) => bar.key),
    range: [(innerWidth - used) / 2, (innerWidth + used) / 2],
    padding: 0.2,
  });
  const y = scaleLinear({ domain: [0, max], range: [innerHeight, 0], nice: true });
  const labels = new Map(bars.map((bar) => [bar.key, bar.label]));
  const every = Math.max(1, Math.ceil((bars.length * labelWidth) / Math.max(1, innerWidth)));
  const shownValues = x.bandwidth() >= valueMinWidth;
  return (
    <div
      ref={parentRef}
      className="w-full min-w-0 overflow-hidden"
      style={{ height: columns.height }}
    >
      {width > 0 && (
        <svg
          width={width}
          height={columns.height}
          aria-hidden="true"
          focusable="false"
          className="text-muted-foreground block"
        >
          <Group left={columns.left} top={columns.top}>
            {bars.map((bar) => {
              const top = y(bar.value);
              return (
                <Bar
                  key={bar.key}
                  x={x(bar.key)}
                  y={top}
                  width={x.bandwidth()}
                  height={innerHeight - top}
                  className={bar.fill ?? 'fill-primary'}
                />
              );
            })}
            {shownValues &&
              bars.map((bar) =>
                bar.value > 0 ? (
                  <text
                    key={bar.key}
                    x={(x(bar.key) ?? 0) + x.bandwidth() / 2}
                    y={y(bar.value) - 4}
                    textAnchor="middle"
                    fontSize={fontSize}
                    className="fill-foreground"
                  >
                    {number.format(bar.value)}
                  </text>
                ) : null,
              )}
            <AxisLeft
              scale={y}
              // Whole people only: 0, 1, 2, not 0.5.
              tickValues={y.ticks(Math.min(4, max)).filter(Number.isInteger)}
              tickFormat={(value) => number.format(Number(value))}
              stroke="currentColor"
              tickStroke="currentColor"
              tickLabelProps={{ fill: 'currentColor', fontSize, textAnchor: 'end', dy: '0.33em' }}
            />
            <AxisBottom
              top={innerHeight}
              scale={x}
              tickValues={bars.filter((_, i) => i % every === 0).map((bar) => bar.key)}
              tickFormat={(key) => labels.get(key) ?? key}
              stroke="currentColor"
              tickStroke="currentColor"
              tickLabelProps={{ fill: 'currentColor', fontSize, textAnchor: 'middle' }}
            />
          </Group>
        </svg>
      )}
    </div>
  );
}

const rows = { label: 20, bar: 24, gap: 14, valueRoom: 48 };

/**
 * A few totals (came, no-shows, cancelled): each its label, then its bar and count. The label
 * above the bar, not beside it: 'Não compareceram' and a bar worth reading fit a phone side by
 * side only at a small size.
 */
export function RowChart({ bars }: { bars: readonly ChartBar[] }) {
  const { parentRef, width } = useParentSize({ debounceTime: 100 });
  const step = rows.label + rows.bar + rows.gap;
  const height = bars.length * step - rows.gap;
  const max = Math.max(1, ...bars.map((bar) => bar.value));
  const x = scaleLinear({ domain: [0, max], range: [0, Math.max(0, width - rows.valueRoom)] });
  return (
    <div ref={parentRef} className="w-full min-w-0 overflow-hidden" style={{ height }}>
      {width > 0 && (
        <svg width={width} height={height} aria-hidden="true" focusable="false" className="block">
          {bars.map((bar, i) => {
            const top = i * step;
            const length = x(bar.value);
            return (
              <g key={bar.key}>
                <text x={0} y={top + 14} fontSize={14} className="fill-foreground">
                  {bar.label}
                </text>
                <Bar
                  x={0}
                  y={top + rows.label}
                  width={length}
                  height={rows.bar}
                  rx={4}
                  className={bar.fill ?? 'fill-primary'}
                />
                <text
                  x={length + 6}
                  y={top + rows.label + rows.bar / 2}
                  dy="0.33em"
                  fontSize={14}
                  fontWeight={700}
                  className="fill-foreground"
                >
                  {number.format(bar.value)}
                </text>
              </g>
            );
          })}
        </svg>
      )}
    </div>
  );
}
