import { SITTING_MESSAGES, type SittingState, sittingFigures } from '@posture-vision/core';
import { formatMonitoredTime } from '../../rules/daily-stats';

/**
 * Sitting and breaks, seen by the camera (core's sitting rule, as of `now`): the stretch going on, the breaks
 * taken today and the longest sitting stretch today.
 */
export function SittingSection({ sitting, now }: { sitting: SittingState | null; now: number }) {
  const figures = sittingFigures(sitting, now);
  const sittingNow =
    figures.sittingNowMs !== null
      ? formatMonitoredTime(figures.sittingNowMs)
      : figures.onBreak
        ? SITTING_MESSAGES.onBreak
        : SITTING_MESSAGES.notSeen;
  return (
    <section className="popup-section popup-sitting" aria-label={SITTING_MESSAGES.sittingNow}>
      <dl>
        <div>
          <dt>{SITTING_MESSAGES.sittingNow}</dt>
          <dd data-testid="sitting-now">{sittingNow}</dd>
        </div>
        <div>
          <dt>{SITTING_MESSAGES.breaksToday}</dt>
          <dd data-testid="breaks-today">{figures.breaksToday}</dd>
        </div>
        <div>
          <dt>{SITTING_MESSAGES.longestToday}</dt>
          <dd data-testid="longest-stretch">{formatMonitoredTime(figures.longestTodayMs)}</dd>
        </div>
      </dl>
    </section>
  );
}
