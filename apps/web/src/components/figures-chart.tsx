import { AxisBottom, AxisLeft, AxisRight } from '@visx/axis';
import { Group } from '@visx/group';
import { scaleBand, scaleLinear } from '@visx/scale';
import { Bar } from '@visx/shape';
import { useId } from 'react';

export interface ChartPoint {
  /** The window's name in the reader's language ("7 days"). */
  label: string;
  /** Null: not read yet (no bar). */
  value: number | null;
}

const WIDTH = 480;
const HEIGHT = 220;
const MARGIN = { top: 12, bottom: 36, side: 64, end: 12 };

/**
 * One figure over the reading windows, as bars (visx; this file is its own lazy chunk, so only
 * the pages drawing charts download visx). An image with a title and a description for screen
 * readers; the same figures stand in the table beside it. Right to left, the windows run from
 * the right and the value axis stands on the right. Shared by the performance pages and the
 * shared campaign report.
 */
export default function FiguresChart({
  title,
  description,
  points,
  rtl,
  formatValue,
  color = 'var(--mantine-color-blue-6)',
}: {
  title: string;
  description: string;
  points: readonly ChartPoint[];
  rtl: boolean;
  formatValue: (value: number) => string;
  color?: string;
}) {
  const id = useId();
  const innerWidth = WIDTH - MARGIN.side - MARGIN.end;
  const innerHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const labels = points.map((point) => point.label);
  const x = scaleBand<string>({
    domain: rtl ? [...labels].reverse() : labels,
    range: [0, innerWidth],
    padding: 0.3,
  });
  const max = Math.max(1, ...points.map((point) => point.value ?? 0));
  const y = scaleLinear<number>({ domain: [0, max], range: [innerHeight, 0], nice: true });
  const left = rtl ? MARGIN.end : MARGIN.side;
  const ValueAxis = rtl ? AxisRight : AxisLeft;
  const tickLabel = {
    fill: 'var(--mantine-color-dimmed)',
    fontSize: 11,
    fontFamily: 'inherit',
  } as const;

  return (
    <svg
      role="img"
      aria-labelledby={`${id}-title ${id}-desc`}
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      width="100%"
      style={{ maxWidth: WIDTH, height: 'auto', display: 'block' }}
    >
      <title id={`${id}-title`}>{title}</title>
      <desc id={`${id}-desc`}>{description}</desc>
      <Group top={MARGIN.top} left={left}>
        {points.map((point) =>
          point.value === null ? null : (
            <Bar
              key={point.label}
              x={x(point.label) ?? 0}
              y={y(point.value)}
              width={x.bandwidth()}
              height={innerHeight - y(point.value)}
              fill={color}
              rx={3}
            />
          ),
        )}
        <AxisBottom
          top={innerHeight}
          scale={x}
          stroke="var(--mantine-color-gray-4)"
          tickStroke="var(--mantine-color-gray-4)"
          tickLabelProps={() => ({ ...tickLabel, textAnchor: 'middle' })}
        />
        <ValueAxis
          left={rtl ? innerWidth : 0}
          scale={y}
          numTicks={4}
          tickFormat={(value) => formatValue(Number(value))}
          stroke="var(--mantine-color-gray-4)"
          tickStroke="var(--mantine-color-gray-4)"
          tickLabelProps={() => ({
            ...tickLabel,
            textAnchor: rtl ? 'start' : 'end',
            dy: '0.33em',
          })}
        />
      </Group>
    </svg>
  );
}
