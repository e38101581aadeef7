import {
  ANALYTICS_MESSAGES,
  consistencyBarPercent,
  formatImprovementRate,
  MIN_RATE_SESSIONS,
} from '@posture-vision/core/analytics';
import { Line } from 'react-chartjs-2';
import { ProgressBar } from '../ProgressBar';
import { ChartTable } from './ChartTable';
import { type ChartColours, lineOptions } from './chart-theme';
import type { AnalyticsData } from './loadAnalytics';

/** Advanced Posture Trends: the daily line chart and the Improvement Summary of the chosen timeframe. */
export function TrendsCard({
  trends,
  colours,
}: {
  trends: NonNullable<AnalyticsData['trends']>;
  colours: ChartColours;
}) {
  const aggregates = trends.dailyAggregates ?? [];
  const consistency = consistencyBarPercent(trends.consistencyScore ?? 0);
  // Fewer than two scored sessions: nothing to compare, so no rate (it read "0%" for a first session).
  const noRate = trends.comparedSessions !== undefined && trends.comparedSessions < MIN_RATE_SESSIONS;
  // No day with a score: no consistency to show (it read "0/100" on a first visit).
  const noConsistency = !aggregates.some((a) => a.averageScore !== null);
  return (
    <section className="pv-card" data-testid="trends">
      <h2>Advanced Posture Trends</h2>
      {aggregates.length > 0 && (
        <div className="pv-chart">
          <Line
            data={{
              labels: aggregates.map((a) => a.date),
              datasets: [
                {
                  label: 'Average Score',
                  data: aggregates.map((a) => a.averageScore),
                  borderColor: colours.line,
                  backgroundColor: colours.fill,
                  yAxisID: 'y',
                },
                {
                  label: 'Session Count',
                  data: aggregates.map((a) => a.sessionCount),
                  borderColor: colours.secondLine,
                  backgroundColor: colours.secondLine,
                  yAxisID: 'y1',
                },
              ],
            }}
            options={{
              ...lineOptions(colours),
              scales: {
                ...lineOptions(colours).scales,
                y1: {
                  position: 'right' as const,
                  // Counts are whole numbers: integer ticks from zero ("1", never "1.0").
                  beginAtZero: true,
                  ticks: { color: colours.text, precision: 0, stepSize: 1 },
                  grid: { drawOnChartArea: false },
                },
              },
            }}
          />
          <ChartTable
            caption="Advanced Posture Trends"
            columns={['Date', 'Average Score', 'Session Count']}
            rows={aggregates.map((a) => [
              a.date,
              a.averageScore === null ? 'N/A' : String(Math.round(a.averageScore)),
              String(a.sessionCount),
            ])}
          />
        </div>
      )}
      <div className="pv-improvement-summary">
        <h3>Improvement Summary</h3>
        <p>
          Improvement rate:{' '}
          {noRate ? (
            <span data-testid="improvement-rate">{ANALYTICS_MESSAGES.improvementRateNotYet}</span>
          ) : (
            <strong data-testid="improvement-rate">
              {formatImprovementRate(trends.improvementRate ?? 0)}
            </strong>
          )}
        </p>
        {trends.bestDay && (
          <p>
            Best day: {trends.bestDay.date} (
            <span data-testid="best-day-score">{trends.bestDay.score.toFixed(1)}</span>)
          </p>
        )}
        {noConsistency ? (
          <p data-testid="consistency-score">Consistency score: {ANALYTICS_MESSAGES.consistencyNotYet}</p>
        ) : (
          <>
            <p data-testid="consistency-score">Consistency score: {Math.round(consistency)}/100</p>
            <ProgressBar value={consistency} max={100} label="Consistency score" />
          </>
        )}
      </div>
    </section>
  );
}
