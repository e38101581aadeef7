import {
  ANALYTICS_MESSAGES,
  analyticsCharts,
  analyticsRows,
  CHART_LINE_TENSION,
  type ChartSeries,
  chartPointKey,
  consistencyBarPercent,
  DEFAULT_MODE_FILTER,
  DEFAULT_TREND_TIMEFRAME,
  type EntrySource,
  formatImprovementRate,
  priorityStyle,
  progressIndicators,
  recommendationCategory,
  SESSION_TYPE_LABELS,
  SESSION_TYPE_OPTIONS,
  type SessionEntry,
  TREND_TIMEFRAMES,
  type TrendTimeframe,
} from '@posture-vision/core/analytics';
import { Button } from '@posture-vision/ui';
import { useEffect, useMemo, useState } from 'react';
import { Line } from 'react-chartjs-2';
import { Link } from 'react-router-dom';
import { useThemeStore } from '../../theme/theme-store';
import { ProgressBar } from '../ProgressBar';
import { type ChartColours, CVA_AXIS, chartColours, lineOptions } from './chart-theme';
import { sessionsOnDay } from './date-filter';
import { type AnalyticsData, type AnalyticsFilters, loadAnalytics } from './loadAnalytics';

const EMPTY: AnalyticsData = {
  history: [],
  calibrationProgress: [],
  trends: null,
  recommendations: [],
  insights: null,
};

/** /dashboard/analytics, titled Posture Analytics: the history, trends and insights, with their filters. */
export default function AnalyticsPage() {
  const [filters, setFilters] = useState<AnalyticsFilters>({
    date: '',
    sessionType: DEFAULT_MODE_FILTER,
    timeframe: DEFAULT_TREND_TIMEFRAME,
  });
  const [data, setData] = useState<AnalyticsData>(EMPTY);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const theme = useThemeStore((s) => s.theme);
  const colours = chartColours(theme);

  useEffect(() => {
    let live = true;
    setLoading(true);
    loadAnalytics(filters)
      .then(
        (loaded) => {
          if (!live) return;
          setData(loaded);
          setError(null);
        },
        (failure: unknown) => {
          if (!live) return;
          setData(EMPTY);
          setError(failure instanceof Error ? failure.message : String(failure));
        },
      )
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [filters]);

  const rows = useMemo(
    () =>
      analyticsRows(sessionsOnDay(data.history, filters.date), data.calibrationProgress, filters.sessionType),
    [data, filters.sessionType, filters.date],
  );
  const charts = analyticsCharts(rows);

  if (loading && data === EMPTY && !error) return <p className="pv-loading">{ANALYTICS_MESSAGES.loading}</p>;
  if (error) {
    return (
      <div className="pv-error-view">
        <h2>{ANALYTICS_MESSAGES.loadError}</h2>
        <p className="pv-error-text">{error}</p>
        <Button variant="primary" onClick={() => window.location.reload()}>
          Retry
        </Button>
      </div>
    );
  }

  return (
    <div className="pv-analytics">
      <h1>{ANALYTICS_MESSAGES.title}</h1>
      <section className="pv-card pv-filters">
        <label>
          Date
          <input
            type="date"
            value={filters.date}
            onChange={(e) => setFilters({ ...filters, date: e.target.value })}
            data-testid="filter-date"
          />
        </label>
        <label>
          Session Type
          <select
            value={filters.sessionType}
            onChange={(e) => setFilters({ ...filters, sessionType: e.target.value })}
            data-testid="filter-session-type"
          >
            {SESSION_TYPE_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </label>
        <label>
          Trends Timeframe
          <select
            value={filters.timeframe}
            onChange={(e) => setFilters({ ...filters, timeframe: e.target.value as TrendTimeframe })}
            data-testid="filter-timeframe"
          >
            {TREND_TIMEFRAMES.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </label>
        {loading && <span className="pv-muted">{ANALYTICS_MESSAGES.loading}</span>}
      </section>

      {data.insights && <InsightsCard insights={data.insights} />}
      {data.recommendations.length > 0 && <Recommendations items={data.recommendations} />}
      {data.trends && <TrendsCard trends={data.trends} colours={colours} />}

      <div className="pv-chart-grid">
        <ChartCard
          title={ANALYTICS_MESSAGES.scoreChartTitle}
          label={ANALYTICS_MESSAGES.scoreChartLabel}
          series={charts.score}
          empty={ANALYTICS_MESSAGES.noScoreData}
          colours={colours}
          pointKey="score"
          testId="score-chart"
        />
        <ChartCard
          title={ANALYTICS_MESSAGES.cvaChartTitle}
          label={ANALYTICS_MESSAGES.cvaChartLabel}
          series={charts.cva}
          empty={ANALYTICS_MESSAGES.noCvaData}
          colours={colours}
          axis={CVA_AXIS}
          pointKey="cva"
          testId="cva-chart"
        />
      </div>

      <SessionTimeline rows={rows} />
    </div>
  );
}

function InsightsCard({ insights }: { insights: NonNullable<AnalyticsData['insights']> }) {
  const indicators = progressIndicators(insights.progressIndicators);
  return (
    <section className="pv-card" data-testid="insights">
      <h2>AI-Powered Insights</h2>
      {insights.overallPatterns && <p>{insights.overallPatterns}</p>}
      {insights.improvementAreas?.length > 0 && (
        <>
          <h3>Improvement Areas</h3>
          <ul>
            {insights.improvementAreas.map((area) => (
              <li key={area}>{area}</li>
            ))}
          </ul>
        </>
      )}
      {indicators.length > 0 && (
        <>
          <h3>Progress Indicators</h3>
          <dl className="pv-indicators">
            {indicators.map((indicator) => (
              <div key={indicator.key}>
                <dt>{indicator.label}</dt>
                <dd>{indicator.value}</dd>
              </div>
            ))}
          </dl>
        </>
      )}
    </section>
  );
}

function Recommendations({ items }: { items: AnalyticsData['recommendations'] }) {
  return (
    <section className="pv-card" data-testid="recommendations">
      <h2>Personalized Recommendations</h2>
      <ul className="pv-recommendations">
        {items.map((item) => {
          const style = priorityStyle(item.priority);
          return (
            <li key={`${item.category}-${item.recommendation}`}>
              <strong>{recommendationCategory(item.category)}</strong>
              <p>{item.recommendation}</p>
              <span className={`pv-priority pv-priority-${style.colour}`}>{style.label}</span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function TrendsCard({
  trends,
  colours,
}: {
  trends: NonNullable<AnalyticsData['trends']>;
  colours: ChartColours;
}) {
  const aggregates = trends.dailyAggregates ?? [];
  const consistency = consistencyBarPercent(trends.consistencyScore ?? 0);
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
                  tension: CHART_LINE_TENSION,
                  yAxisID: 'y',
                },
                {
                  label: 'Session Count',
                  data: aggregates.map((a) => a.sessionCount),
                  borderColor: colours.secondLine,
                  backgroundColor: colours.secondLine,
                  tension: CHART_LINE_TENSION,
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
          <strong data-testid="improvement-rate">{formatImprovementRate(trends.improvementRate ?? 0)}</strong>
        </p>
        {trends.bestDay && (
          <p>
            Best day: {trends.bestDay.date} ({Math.round(trends.bestDay.score)})
          </p>
        )}
        <p>Consistency score: {Math.round(consistency)}/100</p>
        <ProgressBar value={consistency} max={100} label="Consistency score" />
      </div>
    </section>
  );
}

/** How a point is drawn by its source: photo calibrations as diamonds, a little larger, sessions as dots (the
 * key under the chart says what each measured; core CHART_POINT_KEY). */
const POINT: Record<
  EntrySource,
  { style: 'rectRot' | 'circle'; radius: number; name: string; glyph: string }
> = {
  calibration: { style: 'rectRot', radius: 6, name: SESSION_TYPE_LABELS.calibration, glyph: '◆' },
  session: { style: 'circle', radius: 4, name: 'Session', glyph: '●' },
};

function ChartCard(props: {
  title: string;
  label: string;
  series: ChartSeries;
  empty: string;
  colours: ChartColours;
  axis?: { min: number; max: number };
  pointKey: 'score' | 'cva';
  testId: string;
}) {
  const { colours, series } = props;
  const key = chartPointKey(series, props.pointKey);
  const options = lineOptions(colours, props.axis);
  return (
    <section className="pv-card" data-testid={props.testId}>
      <h2>{props.title}</h2>
      {props.series.data.length === 0 ? (
        <p className="pv-muted">{props.empty}</p>
      ) : (
        <div className="pv-chart">
          <Line
            data={{
              labels: series.labels,
              datasets: [
                {
                  label: props.label,
                  data: series.data,
                  borderColor: colours.line,
                  backgroundColor: colours.fill,
                  fill: true,
                  tension: CHART_LINE_TENSION,
                  pointStyle: series.sources.map((s) => POINT[s].style),
                  pointRadius: series.sources.map((s) => POINT[s].radius),
                  pointBackgroundColor: colours.line,
                },
              ],
            }}
            options={{
              ...options,
              plugins: {
                ...options.plugins,
                // The tooltip names the point's source: "Photo Calibration: 100", "Session: 78".
                tooltip: {
                  callbacks: {
                    label: (item: { dataIndex: number; formattedValue: string }) =>
                      `${POINT[series.sources[item.dataIndex] ?? 'session'].name}: ${item.formattedValue}`,
                  },
                },
              },
            }}
          />
          <ChartTable
            caption={props.title}
            columns={['Date', props.label, 'Source']}
            rows={series.labels.map((label, i) => [
              label,
              String(series.data[i]),
              POINT[series.sources[i] ?? 'session'].name,
            ])}
          />
        </div>
      )}
      {key && (
        <div className="pv-chart-key" data-testid={`${props.testId}-key`}>
          <ul>
            {(['calibration', 'session'] as const).map((source) => (
              <li key={source}>
                <span aria-hidden="true">{POINT[source].glyph}</span> {key[source]}
              </li>
            ))}
          </ul>
          <p className="pv-muted">{key.note}</p>
        </div>
      )}
    </section>
  );
}

/**
 * A chart's text alternative: its points as a table, read by screen readers and hidden on screen, where the
 * chart shows the same numbers. The canvas itself is only named (chart-theme.ts: series, count, axes).
 */
function ChartTable({ caption, columns, rows }: { caption: string; columns: string[]; rows: string[][] }) {
  // Hidden by a wrapper: a table grows to its content whatever width it is given, and widened the page on a phone.
  return (
    <div className="visually-hidden">
      <table data-testid="chart-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c} scope="col">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are the chart's points in order, never reordered
            <tr key={i}>
              {row.map((cell, j) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a row's cells are its fixed columns
                <td key={j}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function SessionTimeline({ rows }: { rows: SessionEntry[] }) {
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
