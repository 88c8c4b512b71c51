/** The words that stand for a chart: read by assistive technology instead of the picture. */
import type { ChartSeries } from './Chart.tsx';

/** The sentence read instead of a chart: its span, and each series' last value and total. */
export function chartSummary(
  title: string,
  labels: string[],
  series: ChartSeries[],
  format: (value: number) => string,
): string {
  const parts = series.map((one) => {
    const total = one.values.reduce((a, b) => a + b, 0);
    const last = one.values.at(-1) ?? 0;
    return `${one.label}: ${format(last)} at the end, ${format(total)} in all`;
  });
  return `${title} from ${labels[0] ?? ''} to ${labels.at(-1) ?? ''}. ${parts.join('; ')}.`;
}
