import { ANALYTICS_MESSAGES, type SessionEntry } from '@posture-vision/core/analytics';
import { Link } from 'react-router-dom';

/** The history table / Session Timeline: one row per session and photo calibration. */
export function SessionTimeline({ rows }: { rows: SessionEntry[] }) {
  return (
    <section className="pv-card" data-testid="session-timeline">
      <h2>Session Timeline</h2>
      {rows.length === 0 ? (
        <p className="pv-muted">{ANALYTICS_MESSAGES.noSessions}</p>
      ) : (
        // Six columns do not fit a phone: the table scrolls sideways in its card, the page does not.
        <div className="pv-table-scroll">
          <table className="pv-table">
            <thead>
              <tr>
                <th>Date</th>
                <th>Type</th>
                <th>Duration</th>
                <th>Score</th>
                <th>CVA</th>
                <th>Details</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id}>
                  <td>{row.date}</td>
                  <td>{row.type}</td>
                  <td>{row.duration}</td>
                  <td>{row.score === null ? 'N/A' : Math.round(row.score)}</td>
                  <td>{row.cva === null ? 'N/A' : `${row.cva.toFixed(1)}°`}</td>
                  <td>
                    <Link to={row.detailsLink || '#'}>View Details</Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
