import { type PostureTrends, SITTING_TEXTS } from '@posture-vision/core/analytics';
import { BREAK_MIN_MS, formatReportDuration } from '@posture-vision/core/sessions';

/**
 * Sitting and Breaks: each day of the trends' timeframe on which a session saw who was at the desk, newest first,
 * with the day's sitting, breaks and longest stretch as the session reports count them (core deskDaysOf). Four
 * columns: a fifth (the day's sessions, which the Session Timeline lists) ran past the card at a laptop's width.
 */
export function SittingCard({ days }: { days: PostureTrends['deskDays'] }) {
  const newestFirst = [...days].reverse();
  return (
    <section className="pv-card" data-testid="sitting-days">
      <h2>{SITTING_TEXTS.title}</h2>
      <p className="pv-muted">{SITTING_TEXTS.note(BREAK_MIN_MS / 60_000)}</p>
      {newestFirst.length === 0 ? (
        <p className="pv-muted">{SITTING_TEXTS.none}</p>
      ) : (
        <div className="pv-table-scroll">
          <table className="pv-table pv-table-stack">
            <thead>
              <tr>
                <th>{SITTING_TEXTS.day}</th>
                <th>{SITTING_TEXTS.sitting}</th>
                <th>{SITTING_TEXTS.breaks}</th>
                <th>{SITTING_TEXTS.longest}</th>
              </tr>
            </thead>
            <tbody>
              {newestFirst.map((day) => (
                <tr key={day.date} data-date={day.date}>
                  <td data-label={SITTING_TEXTS.day}>{day.date}</td>
                  <td data-label={SITTING_TEXTS.sitting}>{formatReportDuration(day.sittingTime)}</td>
                  <td data-label={SITTING_TEXTS.breaks}>{day.breaks}</td>
                  <td data-label={SITTING_TEXTS.longest}>{formatReportDuration(day.longestStretch)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
