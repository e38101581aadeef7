import {
  type ChartSeries,
  chartPointKey,
  type EntrySource,
  SESSION_TYPE_LABELS,
} from '@posture-vision/core/analytics';
import { Line } from 'react-chartjs-2';
import { ChartTable } from './ChartTable';
import { type ChartColours, lineOptions } from './chart-theme';

/** How a point is drawn by its source: photo calibrations as diamonds, a little larger, sessions as dots (the
 * key under the chart says what each measured; core CHART_POINT_KEY). */
const POINT: Record<
  EntrySource,
  { style: 'rectRot' | 'circle'; radius: number; name: string; glyph: string }
> = {
  calibration: { style: 'rectRot', radius: 6, name: SESSION_TYPE_LABELS.calibration, glyph: '◆' },
  session: { style: 'circle', radius: 4, name: 'Session', glyph: '●' },
};

export function ChartCard(props: {
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
