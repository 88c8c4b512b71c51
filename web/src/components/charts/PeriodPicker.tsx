/** The period of a page of charts: 7, 30 or 90 days (a point a day) or 12 months (a point a month). */
import { ToggleButton, ToggleButtonGroup } from '@aws-amplify/ui-react';
import type { AnalyticsPeriod } from '@clubs/shared';

const PERIODS: { value: AnalyticsPeriod; label: string }[] = [
  { value: '7d', label: '7 days' },
  { value: '30d', label: '30 days' },
  { value: '90d', label: '90 days' },
  { value: '12m', label: '12 months' },
];

export function PeriodPicker({
  period,
  onChange,
}: {
  period: AnalyticsPeriod;
  onChange: (period: AnalyticsPeriod) => void;
}) {
  return (
    <ToggleButtonGroup
      value={period}
      isExclusive
      isSelectionRequired
      size="small"
      aria-label="Period"
      onChange={(value) => onChange(value as AnalyticsPeriod)}
    >
      {PERIODS.map((one) => (
        <ToggleButton key={one.value} value={one.value}>
          {one.label}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
