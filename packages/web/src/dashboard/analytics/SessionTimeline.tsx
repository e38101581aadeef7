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
        // Six columns do not fit a phone: there each row is drawn as a block of labelled lines (dashboard.css
        // .pv-table-stack); scrolled sideways, its score, CVA and View Details sat out of sight at 375 px.
        <div className="pv-table-scroll">
          <table className="pv-table pv-table-stack">
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
                  <td data-label="Date">{row.date}</td>
                  <td data-label="Type">{row.type}</td>
                  <td data-label="Duration">{row.duration}</td>
                  <td data-label="Score">{row.score === null ? 'N/A' : Math.round(row.score)}</td>
                  <td data-label="CVA">{row.cva === null ? 'N/A' : `${row.cva.toFixed(1)}°`}</td>
                  <td data-label="Details">
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
