import { progressIndicators } from '@posture-vision/core/analytics';
import type { AnalyticsData } from './loadAnalytics';

/** AI-Powered Insights: the overall patterns, improvement areas and progress indicators of the chosen timeframe. */
export function InsightsCard({ insights }: { insights: NonNullable<AnalyticsData['insights']> }) {
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
