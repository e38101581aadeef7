import {
  ANALYTICS_MESSAGES,
  analyticsCharts,
  analyticsRows,
  DEFAULT_MODE_FILTER,
  DEFAULT_TREND_TIMEFRAME,
  SESSION_TYPE_OPTIONS,
  TREND_TIMEFRAMES,
  type TrendTimeframe,
} from '@posture-vision/core/analytics';
import { Button } from '@posture-vision/ui';
import { useEffect, useMemo, useState } from 'react';
import { useThemeStore } from '../../theme/theme-store';
import { ChartCard } from './ChartCard';
import { CVA_AXIS, chartColours } from './chart-theme';
import { sessionsOnDay } from './date-filter';
import { InsightsCard } from './InsightsCard';
import { type AnalyticsData, type AnalyticsFilters, loadAnalytics } from './loadAnalytics';
import { Recommendations } from './Recommendations';
import { SessionTimeline } from './SessionTimeline';
import { SittingCard } from './SittingCard';
import { TrendsCard } from './TrendsCard';

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
      {data.trends && <SittingCard days={data.trends.deskDays ?? []} />}

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
