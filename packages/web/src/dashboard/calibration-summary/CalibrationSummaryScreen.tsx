import { NO_SUMMARY_DATA, summaryNotFound, summaryScoreBand } from '@posture-vision/core/calibration';
import { Button, SampleRibbon } from '@posture-vision/ui';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { MOCK_SUMMARIES } from './mock-summaries';

/** /dashboard/calibration-summary/{calibrationId}: the mock routed summary. */
export default function CalibrationSummaryScreen() {
  const { calibrationId } = useParams<{ calibrationId: string }>();
  const navigate = useNavigate();
  if (!calibrationId) {
    return (
      <div className="pv-error-view">
        <h1>Calibration Summary</h1>
        <p>{NO_SUMMARY_DATA}</p>
      </div>
    );
  }
  const summary = MOCK_SUMMARIES[calibrationId];
  if (!summary) {
    return (
      <div className="pv-error-view">
        {/* The page keeps its title when the summary is missing: it is what a screen reader's outline starts at. */}
        <h1>Calibration Summary</h1>
        <p>{summaryNotFound(calibrationId)}</p>
        <Link to="/dashboard/analytics">Back to Analytics</Link>
      </div>
    );
  }
  return (
    <div className="pv-calibration-summary" data-testid="calibration-summary">
      <h1>Calibration Summary</h1>
      <SampleRibbon />
      <p className="pv-muted">
        Calibration ID: {calibrationId} · Date: {new Date(summary.date).toLocaleDateString()}
      </p>
      <section className="pv-card pv-summary-score">
        <div className={`pv-score-circle pv-score-${summaryScoreBand(summary.score)}`}>
          <span>{summary.score}</span>
          <small>/100</small>
        </div>
        <img src={summary.postureDiagramUrl} alt="Posture diagram" width={200} height={260} />
      </section>
      <section className="pv-card">
        <h2>Key Metrics</h2>
        <ul className="pv-key-metrics">
          {summary.keyMetrics.map((metric) => (
            <li key={metric.name} className={`pv-metric-${metric.status}`}>
              <span>{metric.name}</span>
              <strong>{metric.value}</strong>
            </li>
          ))}
        </ul>
      </section>
      <section className="pv-card">
        <h2>Improvement Goals</h2>
        <ul>
          {summary.goalSuggestions.map((goal) => (
            <li key={goal.title}>
              <strong>{goal.title}</strong>: {goal.description}
            </li>
          ))}
        </ul>
      </section>
      <div className="pv-actions">
        <Button onClick={() => navigate('/dashboard/calibration')}>Retake Calibration</Button>
        <Button variant="primary" onClick={() => navigate('/dashboard/analytics')}>
          Proceed
        </Button>
      </div>
    </div>
  );
}
