export function MetricCard(props: {
  title: string;
  value: string;
  status: string;
  good: boolean;
  /** A line under the status (the calibration's expiry). */
  note?: string;
}) {
  return (
    <div className="pv-card pv-metric-card" data-testid="metric-card">
      <h3>{props.title}</h3>
      <div className="pv-metric-value">{props.value}</div>
      <span className={`pv-status ${props.good ? 'pv-status-good' : 'pv-status-warn'}`}>{props.status}</span>
      {props.note && (
        <p className="pv-metric-note" data-testid="metric-note">
          {props.note}
        </p>
      )}
    </div>
  );
}
