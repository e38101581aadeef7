import {
  calibrationBadge,
  calibrationCardStatus,
  calibrationExpiryText,
  DASHBOARD_MESSAGES,
  initialScoreLabel,
  newestFinishedSession,
  sessionScoreLabel,
  stabilityLabel,
} from '@posture-vision/core/analytics';
import { isAuthenticationFailure } from '@posture-vision/core/profile';
import { countOf } from '@posture-vision/core/text';
import { Button, buttonClass, cardLinkClass } from '@posture-vision/ui';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { ExtensionBanner } from './ExtensionBanner';
import { loadOverview, type OverviewData } from './loadOverview';
import { MetricCard } from './MetricCard';
import { newCalibrationOf } from './new-calibration';
import { lastDays } from './week-summary';

const LiveTool = lazy(() => import('../../live/LiveTool'));

type State =
  | { kind: 'loading' }
  | { kind: 'error'; message: string }
  | { kind: 'loaded'; data: OverviewData };

function round(value: number): string {
  return String(Math.round(value));
}

const SESSION = { one: 'session', other: 'sessions' };

/** "Tue 24 Nov, 10:02": when a session was, as people name it (its id stays in the link). */
function sessionWhen(iso: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return 'recent session';
  return `${at.toLocaleDateString(undefined, { weekday: 'short', day: 'numeric', month: 'short' })}, ${at.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' })}`;
}

/** "Mon" for a yyyy-mm-dd day (the bars are calendar days in UTC, see lastDays). */
function weekday(date: string): string {
  return new Date(`${date}T12:00:00Z`).toLocaleDateString(undefined, { weekday: 'short', timeZone: 'UTC' });
}

/** /dashboard (index): the dashboard overview. */
export default function DashboardOverview() {
  const [state, setState] = useState<State>({ kind: 'loading' });
  const navigate = useNavigate();
  // The photo calibration wizard lands here with the score and notes it just computed.
  const landed = newCalibrationOf(useLocation().state);

  useEffect(() => {
    let live = true;
    loadOverview().then(
      (data) => live && setState({ kind: 'loaded', data }),
      (error: unknown) =>
        live && setState({ kind: 'error', message: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      live = false;
    };
  }, []);

  if (state.kind === 'loading') {
    return <p className="pv-loading">Loading dashboard...</p>;
  }
  if (state.kind === 'error') {
    if (isAuthenticationFailure(state.message)) {
      return (
        <div className="pv-error-view">
          <h2>{DASHBOARD_MESSAGES.authenticationRequired}</h2>
          <p>{state.message}</p>
          <Button variant="primary" onClick={() => navigate('/login')}>
            {DASHBOARD_MESSAGES.goToLogin}
          </Button>
        </div>
      );
    }
    return (
      <div className="pv-error-view">
        <h2>{DASHBOARD_MESSAGES.loadError}</h2>
        <p>{state.message}</p>
        <Button variant="primary" onClick={() => window.location.reload()}>
          {DASHBOARD_MESSAGES.retry}
        </Button>
      </div>
    );
  }

  const { profile, calibration, sessions, analytics } = state.data;
  const latest = sessions[0];
  const finished = newestFinishedSession(sessions);
  const calibrationStatus = calibrationCardStatus(calibration.hasActive);
  const sessionScore = finished?.averageScore ?? finished?.averagePostureScore ?? null;
  const stability = finished?.stabilityIndex ?? null;
  const initialScore = calibration.calibration?.initialPostureScore ?? null;
  const name = `${profile.firstName} ${profile.lastName}`.trim();

  return (
    <div className="pv-overview">
      <h1>Dashboard</h1>
      {landed && (
        <section className="pv-card pv-new-calibration" data-testid="new-calibration" role="status">
          <p>
            <strong>Calibration saved.</strong> Your posture score:{' '}
            <span data-testid="new-calibration-score">{landed.calibratedScore}/100</span>.{' '}
            <Link to="/dashboard/calibration">See the full summary</Link>
          </p>
          {landed.calibrationNotes.length > 0 && (
            <ul className="pv-new-calibration-notes" data-testid="new-calibration-notes">
              {landed.calibrationNotes.map((note) => (
                <li key={note}>{note}</li>
              ))}
            </ul>
          )}
        </section>
      )}
      <section className="pv-card pv-start-card" data-testid="start-session-card">
        <div>
          <h2>Real-time posture session</h2>
          <p className="pv-muted">
            {calibration.hasActive
              ? 'Sit as you work; Posture Vision tells you when your posture slips and reports on the session.'
              : 'Calibrate first (three photos, about a minute), then start a session.'}
          </p>
        </div>
        <Link
          className={buttonClass('primary', 'lg')}
          to={calibration.hasActive ? '/dashboard/real-time-session' : '/dashboard/photo-calibration'}
          data-testid="start-session"
        >
          {calibration.hasActive ? 'Start a session' : 'Calibrate now'}
        </Link>
      </section>
      <ExtensionBanner />
      <section className="pv-card pv-user-card">
        <div>
          <h2 data-testid="user-name">{name || profile.email}</h2>
          <p data-testid="user-email">{profile.email}</p>
          {latest && (
            <p data-testid="latest-session">
              Latest session:{' '}
              <Link to={`/dashboard/session-report/${latest.id}`}>{sessionWhen(latest.createdAt)}</Link>
            </p>
          )}
        </div>
        <span
          className={`pv-badge ${calibration.hasActive ? 'pv-badge-good' : 'pv-badge-warn'}`}
          data-testid="calibration-badge"
        >
          {calibrationBadge(calibration.hasActive)}
        </span>
      </section>
      <section className="pv-metric-grid">
        {/* The whole card leads to the calibration: its summary when there is one, else the wizard. */}
        <Link
          className={cardLinkClass('pv-metric-link')}
          to={calibration.hasActive ? '/dashboard/calibration' : '/dashboard/photo-calibration'}
          data-testid="calibration-card"
        >
          <MetricCard
            title="Calibration Status"
            value={calibrationStatus.value}
            status={calibrationStatus.label}
            good={calibration.hasActive}
            note={calibrationExpiryText(calibration.hasActive, calibration.daysUntilExpiry)}
          />
          {/* The link is named by what it shows (a label that left its visible text out misled voice control),
              plus where it leads. */}
          <span className="visually-hidden">
            {calibration.hasActive ? 'See your calibration' : 'Calibrate now'}
          </span>
        </Link>
        <MetricCard
          title="Recent Session Score"
          value={sessionScore === null ? 'N/A' : round(sessionScore)}
          status={sessionScore === null ? 'No sessions yet' : sessionScoreLabel(sessionScore)}
          good={sessionScore !== null && sessionScoreLabel(sessionScore) === 'Good'}
        />
        <MetricCard
          title="Stability Index"
          value={stability === null ? 'N/A' : round(stability)}
          status={stability === null ? 'No sessions yet' : stabilityLabel(stability)}
          good={stability !== null && stabilityLabel(stability) === 'Stable'}
        />
        <MetricCard
          title="Initial Posture Score"
          value={initialScore === null ? 'N/A' : round(initialScore)}
          status={initialScore === null ? 'Not calibrated' : initialScoreLabel(initialScore)}
          good={initialScore !== null && initialScoreLabel(initialScore) === 'Good Alignment'}
        />
      </section>
      {analytics && (
        <section className="pv-card" data-testid="week-summary">
          <h2>Last 7 Days</h2>
          <p className="pv-muted">
            {countOf(analytics.total_sessions, SESSION)} in total
            {/* No sessions have no average: "average score 0" would read as a score. */}
            {analytics.total_sessions > 0 &&
              ` · average score ${Math.round(analytics.average_posture_score)}`}
          </p>
          <div className="pv-week-bars pv-week-bars-small">
            {lastDays(analytics.daily_averages ?? [], new Date()).map((day) => (
              <div key={day.date} className="pv-week-bar" title={day.date}>
                <div className="pv-week-bar-track">
                  <div
                    className="pv-week-bar-fill pv-bg-green"
                    style={{ height: `${day.averageScore ?? 0}%` }}
                  />
                </div>
                <span>{day.averageScore === null ? '–' : Math.round(day.averageScore)}</span>
                <small className="pv-week-day" data-testid="week-day">
                  {weekday(day.date)}
                </small>
              </div>
            ))}
          </div>
        </section>
      )}
      <section className="pv-card pv-camera-widget">
        <h2>Real-Time Posture Monitoring</h2>
        <Suspense fallback={<p>Loading camera...</p>}>
          <LiveTool />
        </Suspense>
      </section>
    </div>
  );
}
