// How often each costly module runs on a video stream. Body keypoints run on every frame (posture needs
// them) and the face box comes with them; the rest runs only as often as what it feeds needs, and only
// when the client shows or uses it. Rates are times, not frame counts, so a slow capture rate (passive
// monitoring at 1-5 frame/s) does not run them more often per second than a fast one.
import type { FrameModules } from './detector.ts';

/** Per module: null never, 0 every frame, n at most once per n ms. */
export interface Rates {
  face: number | null;
  hands: number | null;
  emotion: number | null;
}

/** What a client says it shows (or uses) from the frames. */
export interface Shows {
  /** Eye and mouth state, blinks, yawns, drowsiness. */
  face: boolean;
  hands: boolean;
  emotion: boolean;
}

/** Face mesh and iris at most every 100 ms (10/s; at a 15 frame/s capture every other frame, 7.5/s). A blink
 * lasts 100-400 ms and the lids stay below the closed threshold for most of it, so samples 133 ms apart see
 * all but the shortest blinks; drowsiness (eyes closed 1.5 s, head down 2 s) needs far fewer. Tracked (see
 * models.ts) the mesh and iris cost about half the body model, so running them on every frame at 15/s
 * would cost a third more per frame for little gain. */
export const FACE_EVERY_MS = 100;
/** Hands while shown: 5 per second keeps the drawn hand following the real one; the hand models cost about
 * two body frames, so every frame would triple a frame's cost. */
export const HANDS_SHOWN_MS = 200;
/** Emotions while shown: an expression holds for seconds; once a second is enough for the label. */
export const EMOTION_SHOWN_MS = 1000;
/** Hands and emotion for a client that did not say what it shows: a low rate, so an older client still
 * sees them while a passive stream does not pay for them on every frame. */
export const UNSAID_SLOW_MS = 2000;

export function ratesFor(shows: Shows | null): Rates {
  if (!shows) return { face: FACE_EVERY_MS, hands: UNSAID_SLOW_MS, emotion: UNSAID_SLOW_MS };
  return {
    face: shows.face ? FACE_EVERY_MS : null,
    hands: shows.hands ? HANDS_SHOWN_MS : null,
    emotion: shows.emotion ? EMOTION_SHOWN_MS : null,
  };
}

/** Parses a `show` list (`face,hands,emotion`, any order, possibly empty) as sent by clients. */
export function parseShows(value: string | null | undefined): Shows | null {
  if (value === null || value === undefined) return null;
  const parts = new Set(
    value
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean),
  );
  return { face: parts.has('face'), hands: parts.has('hands'), emotion: parts.has('emotion') };
}

export function formatShows(shows: Shows): string {
  return (['face', 'hands', 'emotion'] as const).filter((k) => shows[k]).join(',');
}

export interface Schedule {
  /** The modules for a frame taken at `time` (ms); records that they ran. */
  next(time: number): FrameModules;
  rates: Rates;
}

export function createSchedule(rates: Rates, stream: string | null = null): Schedule {
  const last = { face: -Infinity, hands: -Infinity, emotion: -Infinity };
  const due = (k: keyof Rates, time: number) => {
    const every = rates[k];
    if (every === null) return false;
    // A clock that goes back (a restarted capture) starts the rate again rather than stalling it.
    if (time - last[k] >= every || time < last[k]) {
      last[k] = time;
      return true;
    }
    return false;
  };
  return {
    rates,
    next(time) {
      return {
        body: true,
        face: due('face', time),
        hands: due('hands', time),
        emotion: due('emotion', time),
        maxFaces: 1,
        stream,
      };
    },
  };
}
