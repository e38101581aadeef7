import { ensureSuccess } from '@posture-vision/core';
import type { SessionReport } from '@posture-vision/core/api';
import { summaryScoreBand } from '@posture-vision/core/calibration';
import {
  formatReportDuration,
  type PostureStretch,
  poorPosturePercent,
  postureStretches,
  postureTimesText,
  SESSION_MESSAGES,
  sessionSittingText,
  usesDemoReport,
} from '@posture-vision/core/sessions';
import { buttonClass, PostureStrip, SampleRibbon, type StripSegment } from '@posture-vision/ui';
import { useEffect, useState } from 'react';
import { Link, useLocation, useParams, useSearchParams } from 'react-router-dom';
import { api } from '../../services/api';
import { DEMO_REPORTS } from './demo-reports';

/** What the real-time session page passes when it navigates here after stopping. */
export interface ReportNavigationState {
  report?: SessionReport;
  duration?: number;
  date?: string;
}

type State =
  | { kind: 'loading' }
  | { kind: 'error'; message: string }
  | { kind: 'loaded'; report: SessionReport; demo: boolean; date?: string };

function isReport(value: unknown): value is SessionReport {
  return typeof value === 'object' && value !== null && 'keyFindings' in value && 'averageScore' in value;
}

async function fetchReport(sessionId: string): Promise<SessionReport> {
  const answer = await api.sessions.report(sessionId);
  ensureSuccess(answer, SESSION_MESSAGES.invalidReportResponse);
  if (!isReport(answer.data)) throw new Error(SESSION_MESSAGES.invalidReportResponse);
  return answer.data;
}

/** /dashboard/session-report/{sessionId} and /dashboard/session-report?id={id}. */
export default function SessionReportPage() {
  const params = useParams<{ sessionId?: string }>();
  const [search] = useSearchParams();
  const location = useLocation();
  const navState = (location.state ?? null) as ReportNavigationState | null;
  const sessionId = params.sessionId ?? search.get('id');
  const [state, setState] = useState<State>({ kind: 'loading' });

  useEffect(() => {
    if (navState?.report && isReport(navState.report)) {
      const report = {
        ...navState.report,
        duration: navState.duration ?? navState.report.duration,
      };
      setState({ kind: 'loaded', report, demo: false, date: navState.date });
      return;
    }
    if (!sessionId) {
      setState({ kind: 'error', message: SESSION_MESSAGES.noSessionData });
      return;
    }
    let live = true;
    setState({ kind: 'loading' });
    fetchReport(sessionId).then(
      (report) => live && setState({ kind: 'loaded', report, demo: false }),
      (error: unknown) => {
        if (!live) return;
        const demo = usesDemoReport(sessionId) ? DEMO_REPORTS[sessionId] : undefined;
        if (demo) setState({ kind: 'loaded', report: demo, demo: true });
        else setState({ kind: 'error', message: error instanceof Error ? error.message : String(error) });
      },
    );
    return () => {
      live = false;
    };
  }, [sessionId, navState]);

  if (state.kind === 'loading') return <p className="pv-loading">Loading session report...</p>;
  if (state.kind === 'error') {
    return (
      <div className="pv-error-view">
        <h1>{SESSION_MESSAGES.reportErrorTitle}</h1>
        <p className="pv-error-text">{state.message}</p>
        <ReportLinks />
      </div>
    );
  }
  return <ReportView report={state.report} demo={state.demo} date={state.date} />;
}

function ReportLinks() {
  return (
    <div className="pv-actions">
      <Link className={buttonClass('secondary')} to="/dashboard/analytics">
        Back to Analytics
      </Link>
      <Link className={buttonClass('primary')} to="/dashboard/real-time-session">
        Start New Session
      </Link>
    </div>
  );
}

function issueLabel(issue: string): string {
  const text = issue.replace(/_/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

const TONE_LABEL = {
  good: 'Good posture',
  poor: 'Poor posture',
  away: 'Not judged: not calibrated, away or not in view',
} as const;

function clock(at: number): string {
  return new Date(at).toLocaleTimeString(undefined, {
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
}

/** Strip segments: each stretch's share of the session and its time, status and issue for the hover. */
function stripSegments(stretches: PostureStretch[]): StripSegment[] {
  const first = stretches[0]?.from ?? 0;
  const total = (stretches[stretches.length - 1]?.to ?? first) - first;
  if (total <= 0) return [];
  return stretches.map((s) => ({
    tone: s.tone,
    share: (s.to - s.from) / total,
    title: `${clock(s.from)}–${clock(s.to)} · ${TONE_LABEL[s.tone]}${s.issue ? ` · ${issueLabel(s.issue)}` : ''}`,
  }));
}

function ReportView({ report, demo, date }: { report: SessionReport; demo: boolean; date?: string }) {
  const { keyFindings } = report;
  // Of the time monitored, not-judged time included (never good or poor): the analytics' and the extension's rule
  // for the good-posture share. Out of judged time only, a report's "Poor Posture 33%" stood beside the analytics'
  // "good posture 39% of the time" for the same session.
  const monitored =
    keyFindings.goodPostureTime + keyFindings.poorPostureTime + (keyFindings.neutralPostureTime ?? 0);
  const poorPercent = poorPosturePercent(keyFindings.poorPostureTime, monitored);
  const when = date ?? report.startTime;
  const start = Date.parse(report.startTime);
  const segments = stripSegments(
    Number.isFinite(start)
      ? postureStretches(report.timeline, start + report.duration * 1000, start)
      : postureStretches(report.timeline),
  );
  return (
    <div className="pv-report" data-testid="session-report" data-session-id={report.sessionId}>
      <h1>Session Report</h1>
      {demo && <SampleRibbon>Sample report: demo data, not one of your sessions.</SampleRibbon>}
      <p className="pv-muted" data-testid="report-subtitle">
        {when
          ? new Date(when).toLocaleString(undefined, { dateStyle: 'full', timeStyle: 'short' })
          : 'Session'}
        {demo ? ' · demo data' : ''}
      </p>
      {/* Named for the outline of headings a screen reader lists: the cards' h3s sit under it, not under h1. */}
      <h2 className="visually-hidden">Summary</h2>
      <section className="pv-metric-grid">
        <div className="pv-card pv-metric-card">
          <h3>Average Score</h3>
          {report.averageScore === null ? (
            <>
              <div className="pv-metric-value" data-testid="report-average-score">
                {SESSION_MESSAGES.notScored}
              </div>
              <p className="pv-muted">{SESSION_MESSAGES.notScoredWhy}</p>
            </>
          ) : (
            <div
              className={`pv-metric-value pv-score-${summaryScoreBand(report.averageScore)}`}
              data-testid="report-average-score"
            >
              {Math.round(report.averageScore)}
            </div>
          )}
        </div>
        <div className="pv-card pv-metric-card">
          <h3>Duration</h3>
          <div className="pv-metric-value">{formatReportDuration(report.duration)}</div>
        </div>
        <div className="pv-card pv-metric-card">
          <h3>Stability Index</h3>
          <div className="pv-metric-value">{Math.round(report.stabilityIndex)}</div>
        </div>
        <div className="pv-card pv-metric-card">
          <h3>Poor Posture</h3>
          <div className="pv-metric-value">{poorPercent}%</div>
        </div>
      </section>
      <section className="pv-card">
        <h2>Key Findings</h2>
        <p>{postureTimesText(keyFindings, formatReportDuration)}</p>
        {report.sitting && (
          <p data-testid="report-sitting">{sessionSittingText(report.sitting, formatReportDuration)}</p>
        )}
        <h3>Frequent Issues</h3>
        {keyFindings.frequentIssues.length ? (
          <ul>
            {keyFindings.frequentIssues.map((issue) => (
              <li key={issue}>{issueLabel(issue)}</li>
            ))}
          </ul>
        ) : (
          <p>No recurring issues.</p>
        )}
        <h3>Improvement Areas</h3>
        {keyFindings.improvementAreas.length ? (
          <ul>
            {keyFindings.improvementAreas.map((area) => (
              <li key={area}>{area}</li>
            ))}
          </ul>
        ) : (
          <p>Keep up the good work.</p>
        )}
      </section>
      {report.timeline.length > 0 && (
        <section className="pv-card">
          <h2>Timeline</h2>
          <PostureStrip segments={segments} label="Posture over the session" />
          <details className="pv-timeline-table">
            <summary>Timeline as a table</summary>
            <table className="pv-table">
              <thead>
                <tr>
                  <th>Time</th>
                  <th>Posture</th>
                  <th>Score</th>
                  <th>Issue</th>
                </tr>
              </thead>
              <tbody>
                {report.timeline.map((entry, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the timeline is fixed once loaded; timestamps may repeat
                  <tr key={`${entry.timestamp}-${index}`}>
                    <td>{new Date(entry.timestamp).toLocaleTimeString()}</td>
                    <td>{entry.postureStatus}</td>
                    <td>{entry.score === undefined ? '–' : Math.round(entry.score)}</td>
                    <td>{entry.issue ? issueLabel(entry.issue) : '–'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </details>
        </section>
      )}
      <ReportLinks />
    </div>
  );
}
