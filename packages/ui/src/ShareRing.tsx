export interface ShareRingProps {
  /** 0–100, or null when there is nothing to show yet. */
  percent: number | null;
  label: string;
  size?: number;
  'data-testid'?: string;
}

const STROKE = 8;

/** One share as a small donut with the number in the middle ("72%"); "–" when there is none. */
export function ShareRing({ percent, label, size = 72, ...rest }: ShareRingProps) {
  const radius = (size - STROKE) / 2;
  const circumference = 2 * Math.PI * radius;
  const filled = percent === null ? 0 : (Math.max(0, Math.min(100, percent)) / 100) * circumference;
  const text = percent === null ? '–' : `${Math.round(percent)}%`;
  return (
    <div className="ui-ring" role="img" aria-label={`${label}: ${text}`} data-testid={rest['data-testid']}>
      <svg width={size} height={size} viewBox={`0 0 ${size} ${size}`} aria-hidden="true">
        <circle
          className="ui-ring-track"
          cx={size / 2}
          cy={size / 2}
          r={radius}
          fill="none"
          strokeWidth={STROKE}
        />
        <circle
          className="ui-ring-fill"
          cx={size / 2}
          cy={size / 2}
          r={radius}
          fill="none"
          strokeWidth={STROKE}
          strokeLinecap={filled > 0 ? 'round' : 'butt'}
          strokeDasharray={`${filled} ${circumference}`}
        />
      </svg>
      <span className="ui-ring-value" aria-hidden="true">
        {text}
      </span>
    </div>
  );
}
