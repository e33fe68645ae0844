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

const columns = { height: 220, top: 20, right: 8, bottom: 28, left: 36 };

/** Columns over time (arrivals per slot, registrations per day), labelled as often as they fit. */
export function ColumnChart({ bars }: { bars: readonly ChartBar[] }) {
  const { parentRef, width } = useParentSize({ debounceTime: 100 });
  const innerWidth = Math.max(0, width - columns.left - columns.right);
  const innerHeight = columns.height - columns.top - columns.bottom;
  const max = Math.max(1, ...bars.map((bar) => bar.value));
  const x = scaleBand({
    domain: bars.map((bar) => bar.key),
    range: [0, innerWidth],
    padding: 0.2,
  });
  const y = scaleLinear({ domain: [0, max], range: [innerHeight, 0], nice: true });
  const labels = new Map(bars.map((bar) => [bar.key, bar.label]));
  const every = Math.max(1, Math.ceil((bars.length * labelWidth) / Math.max(1, innerWidth)));
  const shownValues = x.bandwidth() >= valueMinWidth;
  return (
    <div ref={parentRef} className="w-full" style={{ height: columns.height }}>
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

const rows = { rowHeight: 36, gap: 10, labelRoom: 0.45, valueRoom: 44 };

/** A few totals side by side (came, no-shows, cancelled): a bar each, its label and its count. */
export function RowChart({ bars }: { bars: readonly ChartBar[] }) {
  const { parentRef, width } = useParentSize({ debounceTime: 100 });
  const height = bars.length * (rows.rowHeight + rows.gap);
  // The labels take up to 45% of a phone's width, and no more than they need on a wide screen.
  const labelWidth = Math.min(160, Math.round(width * rows.labelRoom));
  const barsWidth = Math.max(0, width - labelWidth - rows.valueRoom);
  const max = Math.max(1, ...bars.map((bar) => bar.value));
  const y = scaleBand({
    domain: bars.map((bar) => bar.key),
    range: [0, height],
    paddingInner: rows.gap / (rows.rowHeight + rows.gap),
  });
  const x = scaleLinear({ domain: [0, max], range: [0, barsWidth] });
  return (
    <div ref={parentRef} className="w-full" style={{ height }}>
      {width > 0 && (
        <svg width={width} height={height} aria-hidden="true" focusable="false" className="block">
          {bars.map((bar) => {
            const top = y(bar.key) ?? 0;
            const middle = top + y.bandwidth() / 2;
            const length = x(bar.value);
            return (
              <g key={bar.key}>
                <text
                  x={labelWidth - 8}
                  y={middle}
                  dy="0.33em"
                  textAnchor="end"
                  fontSize={14}
                  className="fill-foreground"
                >
                  {bar.label}
                </text>
                <Bar
                  x={labelWidth}
                  y={top}
                  width={length}
                  height={y.bandwidth()}
                  rx={4}
                  className={bar.fill ?? 'fill-primary'}
                />
                <text
                  x={labelWidth + length + 6}
                  y={middle}
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
