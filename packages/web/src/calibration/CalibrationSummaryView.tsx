// The calibration summary view shown after a real calibration.

import {
  type Calibration,
  type CalibrationProgressItem,
  cvaChange,
  cvaChangeText,
  formatLocaleDate,
  summaryScoreBand,
} from '@posture-vision/core';
import { Button } from '@posture-vision/ui';
import { useNavigate } from 'react-router-dom';
import { PostureDiagram } from './PostureDiagram.tsx';
import { calibrationSummary } from './rules/summary-model.ts';
import './calibration.css';

export interface CalibrationSummaryViewProps {
  calibration: Calibration;
  /** The user's calibrations (GET /calibration/progress): the CVA's change since the last one is shown with whether
   * a retake could explain it (core cvaChange). */
  history?: readonly CalibrationProgressItem[];
  /** Default: go to /dashboard/calibration. */
  onRetake?: () => void;
}

export function CalibrationSummaryView({ calibration, history = [], onRetake }: CalibrationSummaryViewProps) {
  const navigate = useNavigate();
  const model = calibrationSummary(calibration);
  const change = cvaChange(calibration, history);
  return (
    <div className="cal-summary" data-testid="calibration-summary-view">
      <section className="cal-card cal-score-row">
        {model.postureScore === null ? (
          <div className="cal-score cal-score-none" data-testid="summary-score">
            <small>Not scored</small>
          </div>
        ) : (
          <div
            className={`cal-score cal-score-${summaryScoreBand(model.postureScore)}`}
            data-testid="summary-score"
          >
            <span>{model.postureScore}</span>
            <small>/100</small>
          </div>
        )}
        <div>
          <h2>Overall Assessment</h2>
          <p data-testid="summary-assessment">{model.visualBreakdown.overallAssessment}</p>
          {model.scoreBreakdown && (
            <p className="cal-score-breakdown" data-testid="summary-score-breakdown">
              {model.scoreBreakdown}
            </p>
          )}
        </div>
      </section>
      <section className="cal-card">
        <h2>Key Metrics</h2>
        <ul className="cal-metrics">
          {model.visualBreakdown.keyMetrics.map((m) => (
            <li key={m.key} className={`cal-metric cal-metric-${m.status}`} data-status={m.status}>
              <span>{m.name}</span>
              <strong>{m.value}</strong>
              <small>{m.comment}</small>
            </li>
          ))}
          {model.visualBreakdown.notMeasured.map((name) => (
            <li key={name} className="cal-metric cal-metric-not-measured" data-status="not-measured">
              <span>{name}</span>
              <strong>Not measured</strong>
              <small>{model.visualBreakdown.notMeasuredWhy}</small>
            </li>
          ))}
        </ul>
        {change && (
          <p
            className={`cal-cva-change${change.real ? ' cal-cva-change-real' : ''}`}
            data-testid="summary-cva-change"
          >
            {cvaChangeText(change, formatLocaleDate(change.since))}
          </p>
        )}
      </section>
      <section className="cal-card">
        <PostureDiagram calibration={calibration} />
      </section>
      <section className="cal-card">
        <h2>Improvement Goals</h2>
        <ul>
          {model.goalSuggestions.map((g) => (
            <li key={g.id}>
              <strong>{g.title}</strong>: {g.description}
            </li>
          ))}
        </ul>
      </section>
      <div className="cal-actions">
        <Button onClick={onRetake ?? (() => navigate('/dashboard/calibration'))}>Retake Calibration</Button>
        <Button variant="primary" onClick={() => navigate('/dashboard/analytics')}>
          Proceed
        </Button>
      </div>
    </div>
  );
}
