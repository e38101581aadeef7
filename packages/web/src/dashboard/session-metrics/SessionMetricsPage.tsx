import { countOf, pluralNoun } from '@posture-vision/core';
import type { SessionReport } from '@posture-vision/core/api';
import {
  CELEBRATION,
  formatImprovement,
  formatReportDuration,
  metricsScoreColour,
  shouldCelebrate,
  weeklyGoalDots,
} from '@posture-vision/core/sessions';
import { Button, Dialog, DialogClose } from '@posture-vision/ui';
import { useEffect, useState } from 'react';
import { api } from '../../services/api';
import { ProgressBar } from '../ProgressBar';
import { type MetricsPageData, SAMPLE_METRICS, WEEKDAYS } from './session-metrics-model';
import { userMetrics } from './userMetrics';

/** The user's sessions when they have finished ones; the specification's sample otherwise. */
async function loadMetrics(): Promise<MetricsPageData> {
  try {
    const history = await api.sessions.history(50);
    const items = history.success && Array.isArray(history.data) ? history.data : [];
    const finished = items.filter((item) => item.averagePostureScore !== null);
    if (finished.length === 0) return SAMPLE_METRICS;
    const reports: Record<string, SessionReport | undefined> = {};
    await Promise.all(
      finished.slice(0, 4).map(async (item) => {
        const answer = await api.sessions.report(item.id).catch(() => null);
        if (answer?.success && answer.data) reports[item.id] = answer.data;
      }),
    );
    return userMetrics(items, reports, new Date());
  } catch (error) {
    console.warn('Session metrics: using sample data', error);
    return SAMPLE_METRICS;
  }
}

function Ring({
  value,
  label,
  delta,
  size = 90,
}: {
  value: number;
  label: string;
  delta?: number;
  size?: number;
}) {
  const radius = size / 2 - 8;
  const circumference = 2 * Math.PI * radius;
  const clamped = Math.max(0, Math.min(100, value));
  return (
    <figure className={`pv-ring pv-ring-${metricsScoreColour(value)}`} data-testid="metric-ring">
      <svg width={size} height={size} viewBox={`0 0 ${size} ${size}`} aria-hidden="true">
        <circle cx={size / 2} cy={size / 2} r={radius} className="pv-ring-track" />
        <circle
          cx={size / 2}
          cy={size / 2}
          r={radius}
          className="pv-ring-value"
          strokeDasharray={circumference}
          strokeDashoffset={circumference * (1 - clamped / 100)}
          transform={`rotate(-90 ${size / 2} ${size / 2})`}
        />
        <text x="50%" y="54%" textAnchor="middle">
          {Math.round(value)}
        </text>
      </svg>
      <figcaption>
        {label}
        {delta !== undefined && (
          <span className={delta > 0 ? 'pv-delta-up' : delta < 0 ? 'pv-delta-down' : 'pv-delta-flat'}>
            {formatImprovement(delta).arrow} {formatImprovement(delta).text}
          </span>
        )}
      </figcaption>
    </figure>
  );
}

/** findings-report, labelled Session Metrics. */
export default function SessionMetricsPage() {
  const [data, setData] = useState<MetricsPageData | null>(null);
  const [selected, setSelected] = useState(0);
  const [celebrating, setCelebrating] = useState(false);

  useEffect(() => {
    let live = true;
    loadMetrics().then((loaded) => live && setData(loaded));
    return () => {
      live = false;
    };
  }, []);

  const session = data?.sessions[selected];
  const score = session?.overallScore ?? 0;
  useEffect(() => {
    setCelebrating(false);
    if (!shouldCelebrate(score)) return;
    const timer = setTimeout(() => setCelebrating(true), CELEBRATION.delayMs);
    return () => clearTimeout(timer);
  }, [score]);

  if (!data) return <p className="pv-loading">Loading session metrics...</p>;
  const maxBar = Math.max(100, ...data.weekTrend);

  return (
    <div
      className="pv-metrics-page"
      data-testid="session-metrics"
      data-source={data.source}
      // Whether the selected session earns the celebration (core's rule), so a check can tell "none due"
      // from "not shown yet" without waiting out the delay.
      data-celebration={shouldCelebrate(score) ? 'due' : 'none'}
    >
      <h1>Session Metrics</h1>
      {data.source === 'sample' && <p className="pv-muted">Sample data: finish a session to see your own.</p>}
      <section className="pv-card pv-level">
        <div>
          <strong data-testid="level">Level {data.level}</strong>
          <ProgressBar value={data.xp} max={data.xpForNextLevel} label="XP" />
          <small>
            {data.xp} / {data.xpForNextLevel} XP
          </small>
        </div>
        <div>
          <span>Weekly Goal</span>
          <div className="pv-goal-dots" data-testid="weekly-goal">
            {weeklyGoalDots(data.weeklyCompleted, data.weeklyTotal).map((done, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: fixed positions
              <span key={i} className={done ? 'pv-dot pv-dot-done' : 'pv-dot'} />
            ))}
          </div>
          <small>
            {data.weeklyCompleted}/{data.weeklyTotal}{' '}
            {pluralNoun(data.weeklyTotal, { one: 'session', other: 'sessions' })}
          </small>
        </div>
        {session && (
          <div data-testid="streak">
            Streak: {countOf(session.streakCount, { one: 'day', other: 'days' })}
          </div>
        )}
      </section>

      {data.sessions.length > 0 && (
        <section className="pv-session-selector">
          <h2>Recent Sessions</h2>
          <div className="pv-session-cards">
            {data.sessions.map((s, index) => (
              <button
                type="button"
                key={s.id}
                className={`pv-card pv-session-card${index === selected ? ' selected' : ''}`}
                onClick={() => setSelected(index)}
                data-testid="session-card"
              >
                <span>{s.dateDisplay}</span>
                <strong className={`pv-colour-${metricsScoreColour(s.overallScore)}`}>
                  {s.overallScore}
                </strong>
                <span>{formatReportDuration(s.duration)}</span>
              </button>
            ))}
          </div>
        </section>
      )}

      {session && (
        <section className="pv-card pv-rings">
          <Ring value={session.overallScore} label="Overall Posture Score" size={140} />
          <div className="pv-ring-grid">
            {Object.entries(session.metrics).map(([name, value]) => (
              <Ring key={name} value={value} label={name} delta={session.improvements[name] ?? 0} />
            ))}
          </div>
          <div className="pv-session-facts">
            <p>
              Time in good posture: <strong>{formatReportDuration(session.timeInGoodPosture)}</strong>
            </p>
            <p>
              Corrections: <strong>{session.corrections}</strong> reminders given
            </p>
          </div>
        </section>
      )}

      <section className="pv-card">
        <h2>Achievements</h2>
        <div className="pv-achievements">
          {data.achievements.map((a) => (
            <div key={a.name} className={a.earned ? 'pv-achievement earned' : 'pv-achievement dimmed'}>
              <span aria-hidden="true">{a.icon}</span>
              <strong>{a.name}</strong>
              <small>{a.description}</small>
            </div>
          ))}
        </div>
      </section>

      <section className="pv-card">
        <h2>7-Day Trend</h2>
        <div className="pv-week-bars" data-testid="week-bars">
          {WEEKDAYS.map((day, i) => {
            const value = data.weekTrend[i] ?? 0;
            return (
              <div key={day} className="pv-week-bar">
                <div className="pv-week-bar-track">
                  <div
                    className={`pv-week-bar-fill pv-bg-${metricsScoreColour(value)}`}
                    style={{ height: `${(value / maxBar) * 100}%` }}
                    title={String(value)}
                  />
                </div>
                <span>{day}</span>
              </div>
            );
          })}
        </div>
      </section>

      <Dialog
        open={celebrating}
        onOpenChange={setCelebrating}
        title={CELEBRATION.title}
        description={CELEBRATION.xpText}
        className="pv-celebration"
        actions={
          <DialogClose asChild>
            <Button variant="primary">{CELEBRATION.button}</Button>
          </DialogClose>
        }
      >
        <div className="pv-celebration-icon" aria-hidden="true">
          ★
        </div>
      </Dialog>
    </div>
  );
}
