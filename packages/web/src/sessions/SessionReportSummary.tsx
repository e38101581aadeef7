import { postureTimesText, SESSION_MESSAGES, type SessionReport } from '@posture-vision/core';
import type { Ref } from 'react';
import { Link } from 'react-router-dom';

/** The report of the session just stopped, on the real-time session page: its figures and the full report's link. */
export function SessionReportSummary({ report, ref }: { report: SessionReport; ref?: Ref<HTMLElement> }) {
  return (
    <section className="rts-report" data-testid="session-report-summary" ref={ref}>
      <h2 tabIndex={-1}>Session Report</h2>
      <p data-testid="summary-average-score">
        Average score:{' '}
        {report.averageScore === null
          ? `${SESSION_MESSAGES.notScored.toLowerCase()}, ${SESSION_MESSAGES.notScoredWhy}`
          : Math.round(report.averageScore)}
      </p>
      <p>Stability index: {Math.round(report.stabilityIndex)}</p>
      <p>{postureTimesText(report.keyFindings, (s) => `${Math.round(s)} s`)}</p>
      <Link to={`/dashboard/session-report/${report.sessionId}`}>View full report</Link>
    </section>
  );
}
