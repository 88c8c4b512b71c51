/**
 * A member's level (1 to 9, from the points their posts earned: shared/src/domain/levels.ts) as
 * a small badge beside their name, the same in the feed, the members page and the leaderboard.
 */
import './level-badge.css';

export function LevelBadge({ level }: { level: number }) {
  return (
    <span className={`level-badge level-badge--${Math.min(Math.max(level, 1), 9)}`} title={`Level ${level}`}>
      Level {level}
    </span>
  );
}
