// Repeatability of the side-view measurement, bounded for the suite (the full figures, every metric, with and
// without camera roll, come from bench/vision/repeatability.ts and are in bench/README.md): the same person
// retaken with shifted and zoomed framing, ±10 % brightness and contrast, JPEG quality 0.7-0.95 and 1-3° of
// camera roll, in a camera picture of a room (testkit's roomPhoto: a door frame and a shelf beside her), where
// the analysis measures the camera's roll from the room's straight lines (photo/camera-roll.ts).
import { earForwardForCva } from '@posture-vision/core/calibration';
import {
  bentNeckPlacement,
  randomRetakes,
  retakePhoto,
  roomPhoto,
  sideViewPhoto,
} from '@posture-vision/testkit/media';
import { describe, expect, it } from 'vitest';
import { spread } from '../src/photo/repeatability.ts';
import { analyzePhoto } from '../src/photo/service.ts';
import { useEngine } from './engine.ts';

// Its photos are measured two at a time.
const engine = useEngine(2);

/** The goal for the CVA's smallest detectable change between retakes: 3°, against the smartphone CVA apps'
 * 4.96-5.52°. These 8 retakes give 2.49° (the bench's 20: 2.80° with roll, 1.88° without, bench/README.md; before
 * the photo model's measuring looks, 4.33° here). The analysis is deterministic for the seeded retakes. */
const CVA_SDC_BOUND_DEG = 3;
/** Retakes the analysis may refuse (it says why and asks for a retake, never a wrong number): none of the 20 rolled
 * and none of the 20 level ones in the bench (before the photo model: 1 level one, an ear or shoulder outside the
 * human CVA range). */
const MAX_REFUSED = 1;
/** Accuracy of the camera roll measured from the room's lines (bench: within 0.33° on every trusted retake). */
const ROLL_TOLERANCE_DEG = 0.5;
/** How far a rolled camera's corrected CVA may lie from the level camera's: half of what an uncorrected 3° roll
 * moves it by. */
const CORRECTED_ROLL_DEG = 1.5;

const placement = { up: 200, forward: earForwardForCva(50, 200) };
const level = { dx: 0, dy: 0, scale: 1, brightness: 1, contrast: 1, quality: 0.9, rollDeg: 0 };
const cvaOf = async (jpeg: Buffer) => {
  const a = await analyzePhoto(engine.pool, new Uint8Array(jpeg), 'left', 'left_image');
  return { cva: a.metrics.cranial_vertebral_angle as number, roll: a.roll };
};

describe('CVA repeatability over retakes', () => {
  it('changes less between retakes, camera roll included, than the smartphone apps detect', async () => {
    const room = roomPhoto({ side: placement });
    const cvas: number[] = [];
    let refused = 0;
    const retakes = randomRetakes(8, 7);
    const analyses = await Promise.all(
      retakes.map((r) =>
        analyzePhoto(engine.pool, new Uint8Array(retakePhoto(room, r)), 'left', 'left_image'),
      ),
    );
    for (const [i, a] of analyses.entries()) {
      const r = retakes[i] as (typeof retakes)[number];
      if (a.not_measurable) {
        expect(a.metrics).toEqual({});
        refused++;
        continue;
      }
      if (a.roll.trusted)
        expect(Math.abs(a.roll.rollDeg - r.rollDeg)).toBeLessThanOrEqual(ROLL_TOLERANCE_DEG);
      cvas.push(a.metrics.cranial_vertebral_angle as number);
    }
    expect(refused).toBeLessThanOrEqual(MAX_REFUSED);
    expect(spread(cvas).sdc).toBeLessThan(CVA_SDC_BOUND_DEG);
    // And no retake moves more than 5° from what the level, unshifted camera reads (the accuracy against the true
    // CVA is the geometry test's: in this landscape room picture the 50° composite reads 47-48°, bench/README.md).
    const flat = (await cvaOf(retakePhoto(room, level))).cva;
    for (const v of cvas) expect(Math.abs(v - flat)).toBeLessThanOrEqual(5);
  });

  it('repeats a forward head (the neck bent to a CVA of 38°) as closely, near its true CVA', async () => {
    // The people a posture monitor matters most for. A head moved forward whole, with a gap between head and body,
    // did not repeat (SDC 11.7° in the bench); a neck bent forward about C7 does (bench/README.md).
    const room = roomPhoto({ side: bentNeckPlacement(38) });
    const cvas: number[] = [];
    const analyses = await Promise.all(
      randomRetakes(8, 7).map((r) =>
        analyzePhoto(engine.pool, new Uint8Array(retakePhoto(room, r)), 'left', 'left_image'),
      ),
    );
    for (const a of analyses)
      if (a.metrics.cranial_vertebral_angle !== undefined) cvas.push(a.metrics.cranial_vertebral_angle);
    expect(cvas.length).toBeGreaterThanOrEqual(8 - MAX_REFUSED);
    // These 8 give 2.46° (40.1-42.9°); the bench's 20 calibrations of three photos 1.41° (bench/README.md).
    expect(spread(cvas).sdc).toBeLessThan(CVA_SDC_BOUND_DEG);
    // Near the truth on average (the geometry test's ±5°; the retakes read 3° high), and no retake more than 5°
    // from what the level, unshifted camera reads, as for the upright neck above.
    expect(Math.abs(spread(cvas).mean - 38)).toBeLessThanOrEqual(5);
    const flat = (await cvaOf(retakePhoto(room, level))).cva;
    for (const v of cvas) expect(Math.abs(v - flat)).toBeLessThanOrEqual(5);
  });

  it('measures a rolled camera against the room: the CVA stays where the level camera read it', async () => {
    const room = roomPhoto({ side: placement });
    const flat = await cvaOf(retakePhoto(room, level));
    for (const rollDeg of [3, -3]) {
      const rolled = await cvaOf(retakePhoto(room, { ...level, rollDeg }));
      expect(rolled.roll.trusted).toBe(true);
      expect(Math.abs(rolled.roll.rollDeg - rollDeg)).toBeLessThanOrEqual(ROLL_TOLERANCE_DEG);
      // Without the correction the CVA would move by the roll, 3° (the next test); corrected it stays within
      // what one retake's reading varies by anyway (SD about 1°, bench/README.md).
      expect(Math.abs(rolled.cva - flat.cva)).toBeLessThanOrEqual(CORRECTED_ROLL_DEG);
    }
  });

  it('with no straight lines of the room in view, does not guess the roll: the CVA moves with it', async () => {
    // The side-view test photo: the person fills the picture, above her a plain wall. (Framed a little wider
    // than the central 80 % a retake sees by default: that tight crop hides her shoulder from MoveNet.)
    const side = sideViewPhoto(placement).jpeg;
    const wider = { ...level, scale: 0.9 };
    const flat = await cvaOf(retakePhoto(side, wider));
    const rolled = await cvaOf(retakePhoto(side, { ...wider, rollDeg: 4 }));
    expect(rolled.roll).toMatchObject({ trusted: false, rollDeg: 0 });
    // The person faces left; turning the picture 4° (testkit's positive roll) raises the ear-over-C7 line.
    expect(Math.abs(rolled.cva - flat.cva - 4)).toBeLessThanOrEqual(2);
  });
});
