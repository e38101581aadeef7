export interface ProgressProps {
  /** What is being waited for, in words ("Loading pose models"). */
  label: string;
  /** 0–1, or null when the amount of work is not known (an indeterminate bar). */
  value: number | null;
  /** A detail on the right ("12 s", "2 of 4 photos"). */
  detail?: string;
  'data-testid'?: string;
}

/** Long work: what it waits for and how far it is. */
export function Progress({ label, value, detail, ...rest }: ProgressProps) {
  const percent = value === null ? null : Math.round(Math.max(0, Math.min(1, value)) * 100);
  return (
    <div
      className={`ui-progress${percent === null ? ' ui-progress-indeterminate' : ''}`}
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent ?? undefined}
      aria-valuetext={detail ? `${label}: ${detail}` : label}
      data-testid={rest['data-testid']}
    >
      <div className="ui-progress-label">
        <span>{label}</span>
        {detail && <span>{detail}</span>}
      </div>
      <div className="ui-progress-track">
        <div className="ui-progress-fill" style={percent === null ? undefined : { width: `${percent}%` }} />
      </div>
    </div>
  );
}
