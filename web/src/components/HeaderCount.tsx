/**
 * What the header's counting buttons show (the chat button, the bell): an icon, the button's name
 * with the count in words for screen readers, and the count on a badge when there is one (99+
 * past 99). The stylesheet is app-header.css's `clubs-header__count` block.
 */
import { VisuallyHidden } from '@aws-amplify/ui-react';

export function HeaderCount({
  icon,
  label,
  count,
}: {
  /** The icon's SVG path (24 × 24). */
  icon: string;
  /** The button's whole accessible name, the count in words included. */
  label: string;
  count: number;
}) {
  return (
    <>
      <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20">
        <path fill="currentColor" d={icon} />
      </svg>
      <VisuallyHidden>{label}</VisuallyHidden>
      {count > 0 && (
        <span className="clubs-header__badge" aria-hidden="true">
          {count > 99 ? '99+' : count}
        </span>
      )}
    </>
  );
}
