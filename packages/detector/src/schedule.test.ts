import { describe, expect, it } from 'vitest';
import {
  createSchedule,
  EMOTION_SHOWN_MS,
  HANDS_SHOWN_MS,
  parseShows,
  ratesFor,
  UNSAID_SLOW_MS,
} from './schedule.ts';

/** Modules run over `seconds` of frames at `fps`, counted per module. */
function count(shows: ReturnType<typeof parseShows>, fps: number, seconds: number) {
  const s = createSchedule(ratesFor(shows), 'peer');
  const n = { body: 0, face: 0, hands: 0, emotion: 0 };
  for (let i = 0; i < fps * seconds; i++) {
    const m = s.next((i * 1000) / fps);
    for (const k of Object.keys(n) as (keyof typeof n)[]) if (m[k]) n[k]++;
  }
  return n;
}

describe('module schedule', () => {
  it('runs body on every frame and face signals at most every 100 ms where they are shown', () => {
    // At 15 frame/s every other frame (7.5/s), at 10 frame/s every frame.
    expect(count(parseShows('face'), 15, 4)).toEqual({ body: 60, face: 30, hands: 0, emotion: 0 });
    expect(count(parseShows('face'), 10, 4).face).toBe(40);
  });

  it('runs hands and emotion at their shown rates, whatever the capture rate', () => {
    const fast = count(parseShows('hands,emotion'), 15, 4);
    expect(fast.hands).toBe(4000 / HANDS_SHOWN_MS);
    expect(fast.emotion).toBe(4000 / EMOTION_SHOWN_MS);
    expect(fast.face).toBe(0);
    // At 2 frame/s hands run on every frame (the frames are further apart than the rate).
    expect(count(parseShows('hands'), 2, 4).hands).toBe(8);
  });

  it('runs only the body for a client that shows nothing else (passive monitoring)', () => {
    expect(count(parseShows(''), 2, 10)).toEqual({ body: 20, face: 0, hands: 0, emotion: 0 });
  });

  it('runs face signals and a low rate of hands and emotion for a client that did not say', () => {
    const n = count(null, 15, 4);
    expect(n.face).toBe(30);
    expect(n.hands).toBe(4000 / UNSAID_SLOW_MS);
    expect(n.emotion).toBe(4000 / UNSAID_SLOW_MS);
  });

  it('reads the show list in any order and ignores unknown names', () => {
    expect(parseShows('emotion, face,x')).toEqual({ face: true, hands: false, emotion: true });
    expect(parseShows(undefined)).toBeNull();
  });
});
