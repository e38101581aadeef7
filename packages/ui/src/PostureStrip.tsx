export type StripTone = 'good' | 'poor' | 'away';

export interface StripSegment {
  tone: StripTone;
  /** Share of the whole strip, 0–1. */
  share: number;
  /** Shown on hover and read by screen readers ("10:02–10:04 · poor · forward head"). */
  title: string;
}

/** The legend's words, as the report names the times (its key findings say "Not judged", not "Away": a stretch not
 * judged may be one before the calibration, with the person in view). */
const LEGEND: Record<StripTone, string> = { good: 'Good', poor: 'Poor', away: 'Not judged' };

/** Posture over time as one coloured strip; each segment names its time, status and issue on hover. */
export function PostureStrip({ segments, label }: { segments: StripSegment[]; label: string }) {
  return (
    <figure className="ui-strip-figure" style={{ margin: 0 }}>
      <ol className="ui-strip" aria-label={label} data-testid="posture-strip">
        {segments.map((s, i) => (
          <li
            // biome-ignore lint/suspicious/noArrayIndexKey: segments are positional and never reordered
            key={i}
            className={`ui-strip-segment ui-strip-${s.tone}`}
            style={{ width: `${s.share * 100}%` }}
            title={s.title}
            aria-label={s.title}
            data-tone={s.tone}
          />
        ))}
      </ol>
      <figcaption className="ui-strip-legend">
        {(Object.keys(LEGEND) as StripTone[]).map((tone) => (
          <span key={tone} className={`ui-strip-key-${tone}`}>
            {LEGEND[tone]}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}
