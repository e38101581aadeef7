import { ShareRing } from '@posture-vision/ui';
import { type DailyStats, formatMonitoredTime, goodPostureShare } from '../../rules/daily-stats';

/** Today's figures: the good-posture share as a ring and the time monitored. */
export function TodaySection({ stats }: { stats: DailyStats }) {
  const share = goodPostureShare(stats);
  return (
    <section className="popup-section popup-today" aria-label="Today">
      <ShareRing percent={share} label="Good posture today" data-testid="good-share" />
      <dl>
        <div>
          <dt>Good posture today</dt>
          <dd>{share === null ? 'No posture seen yet' : `${share}% of the time`}</dd>
        </div>
        <div>
          <dt>Monitored today</dt>
          <dd data-testid="monitored-today">{formatMonitoredTime(stats.monitoredMs)}</dd>
        </div>
      </dl>
    </section>
  );
}
