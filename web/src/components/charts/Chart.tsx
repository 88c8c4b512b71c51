/**
 * One chart of the Analytics page and the super-admin portal, drawn by uPlot (a small canvas
 * chart library, loaded only with those pages' chunks): a line or bar chart of one or more series over labelled buckets. The
 * canvas is an image to assistive technology, named by a one-sentence summary; the same numbers
 * are in a table behind a disclosure beneath it.
 */
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export interface ChartSeries {
  label: string;
  values: number[];
  color: string;
}

export interface ChartProps {
  title: string;
  /** The buckets (days or months), in order. */
  labels: string[];
  series: ChartSeries[];
  kind?: 'line' | 'bars';
  /** How a value is written (money, a count). */
  format?: (value: number) => string;
  /** The one-sentence summary read instead of the picture. */
  summary: string;
  testId?: string;
}

const HEIGHT = 220;
const plain = (value: number) => value.toLocaleString();

export function Chart({ title, labels, series, kind = 'line', format = plain, summary, testId }: ChartProps) {
  const holder = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = holder.current;
    if (!element) return;
    const xs = labels.map((_, i) => i);
    const bars = kind === 'bars' ? uPlot.paths.bars?.({ size: [0.6, 40] }) : undefined;
    const plot = new uPlot(
      {
        width: Math.max(280, element.clientWidth),
        height: HEIGHT,
        legend: { show: series.length > 1 },
        cursor: { drag: { x: false, y: false } },
        scales: { x: { time: false } },
        axes: [
          { values: (_, ticks) => ticks.map((tick) => labels[tick] ?? '') },
          { values: (_, ticks) => ticks.map(format), size: 64 },
        ],
        series: [
          { label: 'Bucket', value: (_, index) => labels[index ?? -1] ?? '' },
          ...series.map((one) => ({
            label: one.label,
            stroke: one.color,
            fill: kind === 'bars' ? one.color : undefined,
            width: 2,
            value: (_: uPlot, value: number | null) => (value === null ? '' : format(value)),
            ...(bars ? { paths: bars } : {}),
          })),
        ],
      },
      [xs, ...series.map((one) => one.values)],
      element,
    );
    const resize = new ResizeObserver(() =>
      plot.setSize({ width: Math.max(280, element.clientWidth), height: HEIGHT }),
    );
    resize.observe(element);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [labels, series, kind, format]);

  return (
    <section className="chart" data-testid={testId}>
      <h3 className="chart__title">{title}</h3>
      <div ref={holder} role="img" aria-label={summary} className="chart__canvas" />
      <details className="chart__table">
        <summary>Show the numbers of {title.toLowerCase()}</summary>
        <table aria-label={`Numbers of ${title.toLowerCase()}`}>
          <thead>
            <tr>
              <th scope="col">Date</th>
              {series.map((one) => (
                <th scope="col" key={one.label}>
                  {one.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {labels.map((label, i) => (
              <tr key={label}>
                <th scope="row">{label}</th>
                {series.map((one) => (
                  <td key={one.label}>{format(one.values[i] ?? 0)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </section>
  );
}
