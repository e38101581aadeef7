// Static sample page: hard-coded content, no calls.

import { SampleRibbon } from '@posture-vision/ui';
import { Bar, Line } from 'react-chartjs-2';
import { useThemeStore } from '../../theme/theme-store';
import { chartColours, lineOptions } from '../analytics/chart-theme';

const WEEKS = ['W1', 'W2', 'W3', 'W4', 'W5', 'W6', 'W7', 'W8', 'W9', 'W10', 'W11', 'W12', 'W13'];
const OVERALL = [62, 64, 63, 67, 69, 70, 72, 71, 74, 76, 77, 79, 81];

export default function ProgressTrackingPage() {
  const colours = chartColours(useThemeStore((s) => s.theme));
  const options = lineOptions(colours);
  return (
    <div className="pv-sample-page">
      <h1>Progress Tracking</h1>
      <SampleRibbon />
      <p className="pv-muted">Last 90 Days</p>
      <section className="pv-card">
        <h2>Overall Score Trend</h2>
        <div className="pv-chart">
          <Line
            data={{
              labels: WEEKS,
              datasets: [
                {
                  label: 'Overall Score',
                  data: OVERALL,
                  borderColor: colours.line,
                  backgroundColor: colours.fill,
                  fill: true,
                },
              ],
            }}
            options={options}
          />
        </div>
      </section>
      <div className="pv-metric-grid">
        <section className="pv-card">
          <h3>Forward Head Posture</h3>
          <div className="pv-chart pv-chart-small">
            <Line
              data={{
                labels: ['Jan', 'Feb', 'Mar'],
                datasets: [
                  {
                    label: 'cm',
                    data: [4.1, 3.3, 2.5],
                    borderColor: colours.line,
                  },
                ],
              }}
              options={options}
            />
          </div>
        </section>
        <section className="pv-card">
          <h3>Shoulder Alignment</h3>
          <div className="pv-chart pv-chart-small">
            <Bar
              data={{
                labels: ['Jan', 'Feb', 'Mar'],
                datasets: [{ label: 'degrees', data: [5, 4, 3], backgroundColor: colours.line }],
              }}
              options={options}
            />
          </div>
        </section>
        <section className="pv-card">
          <h3>Pain Level</h3>
          <div className="pv-chart pv-chart-small">
            <Bar
              data={{
                labels: ['Jan', 'Feb', 'Mar'],
                datasets: [{ label: '0-10', data: [6, 4, 3], backgroundColor: colours.secondLine }],
              }}
              options={options}
            />
          </div>
        </section>
        <section className="pv-card">
          <h3>Exercise Compliance</h3>
          <div className="pv-metric-value">85%</div>
          <span className="pv-status pv-status-good">On Track</span>
        </section>
      </div>
    </div>
  );
}
