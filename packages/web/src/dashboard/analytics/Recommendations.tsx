import { priorityStyle, recommendationCategory } from '@posture-vision/core/analytics';
import type { AnalyticsData } from './loadAnalytics';

/** Personalized Recommendations: category, text and priority of each. */
export function Recommendations({ items }: { items: AnalyticsData['recommendations'] }) {
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
