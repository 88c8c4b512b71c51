import type { CourseProgress } from '@clubs/shared';

/** A member's progress: 'done / total completed' and a bar. */
export function ProgressBar({ progress }: { progress: Pick<CourseProgress, 'done' | 'total'> }) {
  const percent = progress.total === 0 ? 0 : Math.round((progress.done / progress.total) * 100);
  return (
    <div>
      <p className="course-progress-label">
        {progress.done} / {progress.total} completed
      </p>
      <div
        className="course-progress"
        role="progressbar"
        aria-label="Course progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <span style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
