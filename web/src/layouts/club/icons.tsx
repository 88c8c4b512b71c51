/** Line icons of the club navigation (24px grid, stroked with the text colour, decorative). */

/**
 * Each icon's outline as one SVG path: several strokes are subpaths of it (`M` starts one), and
 * a rounded rectangle or circle is drawn with arcs, since an unfilled outline looks the same
 * whether it is one path or several shapes.
 */
const OUTLINES = {
  home: 'M3 11l9-8 9 8M5 10v10h14V10',
  events: 'M5 5h14a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V7a2 2 0 0 1 2-2zM16 3v4M8 3v4M3 11h18',
  courses: 'M4 5a2 2 0 0 1 2-2h14v16H6a2 2 0 0 0-2 2zM4 21V5',
  leaderboard: 'M8 21h8M12 17v4M7 4h10v5a5 5 0 0 1-10 0zM17 5h3v2a3 3 0 0 1-3 3M7 5H4v2a3 3 0 0 0 3 3',
  members: 'M5 8a4 4 0 1 0 8 0a4 4 0 1 0-8 0M2 21a7 7 0 0 1 14 0M16 4a4 4 0 0 1 0 8M22 21a7 7 0 0 0-5-6.7',
  sidebar: 'M5 4h14a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2zM9 4v16',
  admin: 'M12 3l8 3v6c0 5-3.5 8-8 9c-4.5-1-8-4-8-9V6zM9 12l2 2l4-4',
} as const;

export type ClubIconName = keyof typeof OUTLINES;

export function ClubIcon({ name }: { name: ClubIconName }) {
  return (
    <svg
      className="club-icon"
      viewBox="0 0 24 24"
      width="20"
      height="20"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={OUTLINES[name]} />
    </svg>
  );
}
