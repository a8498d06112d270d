// Charts drawn by the server as SVG (docs/product.md §11): no script, they print, and each is an
// image with a title and a description (role="img"); the same numbers are in a table beside it.
// Colours are the site's ink, teal and accent, each at least 3:1 against the white card.
import { WEEKDAY_NAMES, WEEKDAYS } from '~/lib/bookings/week';

export interface Bars {
  label: string;
  /** one value per series, 0 … max */
  values: (number | null)[];
}

const SERIES_CLASSES = ['chart-bar-a', 'chart-bar-b', 'chart-bar-c', 'chart-bar-d'];
/** Narrow enough that a phone shows it near its own size: each row's name sits above its bars. */
const WIDTH = 400;
const BAR = 14;
const NAME = 18;

/** Horizontal bars, one group per row and one bar per series, with a key when there are several. */
export function BarChart({
  id,
  title,
  description,
  rows,
  series,
  max,
  valueText,
}: {
  id: string;
  title: string;
  description: string;
  rows: Bars[];
  series: string[];
  max: number;
  valueText: (value: number) => string;
}) {
  const group = NAME + series.length * BAR + 8;
  const key = series.length > 1 ? 22 : 0;
  const height = key + rows.length * group + 4;
  const span = WIDTH - 60;
  return (
    <svg
      className="chart"
      role="img"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-desc`}
      viewBox={`0 0 ${WIDTH} ${height}`}
      preserveAspectRatio="xMinYMin meet"
    >
      <title id={`${id}-title`}>{title}</title>
      <desc id={`${id}-desc`}>{description}</desc>
      {series.length > 1
        ? series.map((name, s) => (
            <g key={name} transform={`translate(${s * 120}, 4)`}>
              <rect className={SERIES_CLASSES[s]} width="12" height="12" />
              <text x="18" y="11" className="chart-text">
                {name}
              </text>
            </g>
          ))
        : null}
      {rows.map((row, r) => (
        <g key={`${row.label}-${r}`} transform={`translate(0, ${key + r * group})`}>
          <text x={0} y={13} className="chart-text">
            {row.label}
          </text>
          {row.values.map((value, s) => {
            const width = value === null || max <= 0 ? 0 : Math.max(value > 0 ? 1 : 0, (value / max) * span);
            return (
              <g key={series[s]} transform={`translate(0, ${NAME + s * BAR})`}>
                <rect className={SERIES_CLASSES[s]} width={width} height={BAR - 3} />
                <text x={width + 5} y={BAR - 4} className="chart-value">
                  {value === null ? '–' : valueText(value)}
                </text>
              </g>
            );
          })}
        </g>
      ))}
    </svg>
  );
}

const CELL_W = 14;
const CELL_H = 20;
const LEFT = 34;
const TOP = 18;
/** The shades of a heat map, lightest first: four steps a reader can tell apart, in print too. */
const SHADES = ['heat-0', 'heat-1', 'heat-2', 'heat-3', 'heat-4'];

/** The shade of a share 0 … 1: none, then four equal steps. */
export const shadeOf = (share: number) => (share <= 0 ? 0 : Math.min(4, Math.ceil(share * 4)));

/**
 * A week by hour: Monday to Sunday down, 00 to 23 across, each cell shaded by its share 0 … 1
 * (null: closed, hatched). `legend` names the lightest and the darkest shade.
 */
export function HeatMapChart({
  id,
  title,
  description,
  shares,
  legend,
}: {
  id: string;
  title: string;
  description: string;
  shares: (number | null)[][];
  legend: [string, string];
}) {
  const width = LEFT + 24 * CELL_W + 2;
  const height = TOP + 7 * CELL_H + 30;
  return (
    <svg
      className="chart heat-map"
      role="img"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-desc`}
      viewBox={`0 0 ${width} ${height}`}
      preserveAspectRatio="xMinYMin meet"
    >
      <title id={`${id}-title`}>{title}</title>
      <desc id={`${id}-desc`}>{description}</desc>
      <defs>
        <pattern
          id={`${id}-closed`}
          width="6"
          height="6"
          patternUnits="userSpaceOnUse"
          patternTransform="rotate(45)"
        >
          <rect width="6" height="6" className="heat-closed" />
          <line x1="0" y1="0" x2="0" y2="6" className="heat-hatch" />
        </pattern>
      </defs>
      {Array.from({ length: 8 }, (_, i) => (
        <text key={i} x={LEFT + i * 3 * CELL_W} y={12} className="chart-value">
          {String(i * 3).padStart(2, '0')}
        </text>
      ))}
      {shares.map((day, d) => (
        <g key={WEEKDAYS[d]} transform={`translate(0, ${TOP + d * CELL_H})`}>
          <text x={0} y={CELL_H - 6} className="chart-text">
            {WEEKDAY_NAMES[WEEKDAYS[d]!].slice(0, 3)}
          </text>
          {day.map((share, h) => (
            <rect
              key={h}
              x={LEFT + h * CELL_W}
              width={CELL_W - 2}
              height={CELL_H - 2}
              className={share === null ? undefined : SHADES[shadeOf(share)]}
              fill={share === null ? `url(#${id}-closed)` : undefined}
            />
          ))}
        </g>
      ))}
      <g transform={`translate(${LEFT}, ${TOP + 7 * CELL_H + 8})`}>
        <text x={0} y={12} className="chart-value">
          {legend[0]}
        </text>
        {SHADES.map((shade, i) => (
          <rect key={shade} x={70 + i * 18} y={2} width={16} height={12} className={shade} />
        ))}
        <text x={70 + 5 * 18 + 6} y={12} className="chart-value">
          {legend[1]}
        </text>
        <rect x={250} y={2} width={16} height={12} fill={`url(#${id}-closed)`} />
        <text x={272} y={12} className="chart-value">
          closed
        </text>
      </g>
    </svg>
  );
}
