// The posture diagram of the summary view, drawn from the metrics (no external image): a side view with the
// cranial vertebral angle and forward head offset, and a front view with the shoulder and head tilt. A metric the
// calibration did not measure (a front photo whose shoulder was hidden, or a calibration stored without analysis)
// is drawn in grey at its neutral pose and labelled 'not measured', never given a number.
import {
  type Calibration,
  cvaStatus,
  formatMetricValue,
  type MetricStatus,
  shoulderTiltStatus,
} from '@posture-vision/core';

const COLOURS: Record<MetricStatus, string> = { good: '#2e9d5b', warning: '#d99a00', poor: '#d64541' };
const NOT_MEASURED_COLOUR = '#999';
/** Where the drawing puts a metric that was not measured: an upright neck, level shoulders and head. */
const NEUTRAL = { cva: 50, tilt: 0 };

/** A metric as the key metrics show it (one decimal), or 'not measured'. */
const degrees = (value: number | null) => (value === null ? 'not measured' : formatMetricValue(value, '°'));

export function PostureDiagram({ calibration }: { calibration: Calibration }) {
  const { cranialVertebralAngle, shoulderTiltAngle, headTiltAngle } = calibration;
  const cva = cranialVertebralAngle ?? NEUTRAL.cva;
  const shoulder = shoulderTiltAngle ?? NEUTRAL.tilt;
  const head = headTiltAngle ?? NEUTRAL.tilt;
  const cvaColour = cranialVertebralAngle === null ? NOT_MEASURED_COLOUR : COLOURS[cvaStatus(cva)];
  const shoulderColour =
    shoulderTiltAngle === null ? NOT_MEASURED_COLOUR : COLOURS[shoulderTiltStatus(shoulder)];
  // Side view: C7 at (70,150); the tragus sits on a line at the CVA above the horizontal.
  const rad = (cva * Math.PI) / 180;
  const ear = { x: 70 + Math.cos(rad) * 70, y: 150 - Math.sin(rad) * 70 };
  const sh = (Math.max(-15, Math.min(15, shoulder)) * Math.PI) / 180;
  const hd = (Math.max(-20, Math.min(20, head)) * Math.PI) / 180;
  return (
    <svg
      viewBox="0 0 320 230"
      width="320"
      height="230"
      role="img"
      aria-label="Posture diagram"
      data-testid="posture-diagram"
    >
      <title>Posture diagram</title>
      <g>
        <text x="70" y="20" fontSize="12" fill="currentColor" textAnchor="middle">
          Side view
        </text>
        <line x1="70" y1="210" x2="70" y2="150" stroke="#888" strokeWidth="6" strokeLinecap="round" />
        <line x1="70" y1="150" x2="150" y2="150" stroke="#bbb" strokeDasharray="4 3" />
        <line x1="70" y1="150" x2={ear.x} y2={ear.y} stroke={cvaColour} strokeWidth="3" />
        <circle cx={ear.x + 6} cy={ear.y - 18} r="24" fill="none" stroke="#666" strokeWidth="2" />
        <circle cx={ear.x} cy={ear.y} r="4" fill={cvaColour} />
        <text x="100" y="168" fontSize="11" fill="currentColor" data-testid="diagram-cva">
          CVA {degrees(cranialVertebralAngle)}
        </text>
      </g>
      <g transform="translate(160 0)">
        <text x="80" y="20" fontSize="12" fill="currentColor" textAnchor="middle">
          Front view
        </text>
        <g transform={`rotate(${(hd * 180) / Math.PI} 80 95)`}>
          <circle cx="80" cy="70" r="26" fill="none" stroke="#666" strokeWidth="2" />
          <line x1="80" y1="96" x2="80" y2="118" stroke="#888" strokeWidth="6" />
        </g>
        <line
          x1={80 - Math.cos(sh) * 60}
          y1={125 + Math.sin(sh) * 60}
          x2={80 + Math.cos(sh) * 60}
          y2={125 - Math.sin(sh) * 60}
          stroke={shoulderColour}
          strokeWidth="6"
          strokeLinecap="round"
        />
        <line x1="80" y1="125" x2="80" y2="178" stroke="#888" strokeWidth="6" strokeLinecap="round" />
        {/* Below the spine, not across it: a label as long as 'Shoulders not measured' would cross it. */}
        <text
          x="80"
          y="198"
          fontSize="11"
          fill="currentColor"
          textAnchor="middle"
          data-testid="diagram-tilts"
        >
          <tspan x="80">Shoulders {degrees(shoulderTiltAngle)}</tspan>
          <tspan x="80" dy="14">
            Head {degrees(headTiltAngle)}
          </tspan>
        </text>
      </g>
    </svg>
  );
}
