// Repeatability of the photo analysis: the same person photographed again with the small changes a real
// retake brings (testkit's randomRetakes: shifted and zoomed framing, ±10 % brightness and contrast, JPEG
// quality 0.7-0.95, 1-3° camera roll), each metric's standard deviation (SD) and smallest detectable change
// SDC = 1.96 × √2 × SD, with and without the roll. Front view: testkit's 'woman-left'; side views: testkit's
// side-view composite at a true CVA of 50°, facing left and mirrored to face right. A calibration is three photos,
// each its own retake (the right-hand one from a second series of retakes), and its metrics and overall score are
// the batch call's (photo/metrics.ts calibrationMetrics: the side metrics the mean of the two side photos').
// Twice: the test photos as they are (portrait crops: the person fills the picture, no room in view), and the
// same people in a 960×540 camera picture of a room (testkit's roomPhoto: a door frame and a shelf beside them),
// where the analysis can measure the camera's roll (vision photo/camera-roll.ts). A retake sees the central 80 %
// of its photo (testkit's RETAKE_VIEW), so a rolled retake has no filled border. A forward head (38°) is retaken
// the same way, made two ways: the neck bent forward about C7 (testkit bentNeckPlacement) and the head moved forward
// whole (the earlier composite); the bent necks' geometry is measured at 35-47°.
// Run from the repository root: node --import tsx bench/vision/repeatability.ts [retakes=20]  (measures only)
import { cpus, loadavg, totalmem } from 'node:os';
import { earForwardForCva } from '../../packages/core/src/domain/calibration/geometry.ts';
import {
  BENT_NECK_CVAS,
  bentNeckPlacement,
  framedSideViewPhoto,
  KNOWN_CVA_PLACEMENTS,
  knownCvaPhotos,
  mirroredPhoto,
  personPhoto,
  type Retake,
  randomRetakes,
  retakePhoto,
  roomPhoto,
  sideViewPhoto,
} from '../../packages/testkit/src/media.ts';
import { EnginePool } from '../../packages/vision/src/engine/pool.ts';
import { calibrationMetrics, overallScore } from '../../packages/vision/src/photo/metrics.ts';
import { repeatability, spread } from '../../packages/vision/src/photo/repeatability.ts';
import { analyzePhoto, PhotoError } from '../../packages/vision/src/photo/service.ts';

const count = Number(process.argv[2] ?? 20);
const pool = new EnginePool(1);
await pool.ready;
const placement = { up: 200, forward: earForwardForCva(50, 200) };
/** A calibration's three photos: the right-hand one is the side photo mirrored to face right. */
const photoSet = (front: Buffer, side: Buffer) => ({ front, side, right: mirroredPhoto(side) });
/** The photos as the test media give them (portrait crops, no room in view)... */
const portrait = photoSet(personPhoto('woman-left'), sideViewPhoto(placement).jpeg);
/** ...and the same people in a 960×540 camera picture of a room (a door frame and a shelf beside them). */
const room = photoSet(roomPhoto({ photo: 'woman-left' }), roomPhoto({ side: placement }));
type Photos = typeof room;
/** The same, with a forward head of 38° (below the 45° of a poor CVA), made two ways: the neck bent forward about C7
 * from the upright composite (testkit bentNeckPlacement, head and neck joined to the shoulders as a person's are)... */
const bentPlacement = bentNeckPlacement(38);
const bentPortrait = photoSet(portrait.front, sideViewPhoto(bentPlacement).jpeg);
const bentRoom = photoSet(room.front, roomPhoto({ side: bentPlacement }));
/** ...and the head moved forward whole (the wizard test's composite; a gap then opens between head and body). */
const forwardPlacement = { up: 200, forward: earForwardForCva(38, 200) };
const forwardPortrait = photoSet(portrait.front, sideViewPhoto(forwardPlacement).jpeg);
const forwardRoom = photoSet(room.front, roomPhoto({ side: forwardPlacement }));

/** Per view: how often the roll was trusted, and the trusted estimates' error against the retake's true roll. */
const rollLog: Record<string, { trusted: number; total: number; errors: number[] }> = {};
function logRoll(view: string, r: Retake, roll: { trusted: boolean; rollDeg: number }) {
  const l = rollLog[view] ?? { trusted: 0, total: 0, errors: [] };
  rollLog[view] = l;
  l.total++;
  if (roll.trusted) {
    l.trusted++;
    l.errors.push(roll.rollDeg - r.rollDeg);
  }
}
const photoMs: number[] = [];

/** A view's analysis, or null when the photo was refused (a 422: a keypoint the view needs was not found). */
async function analyse(jpeg: Buffer, view: 'front' | 'left' | 'right') {
  return analyzePhoto(pool, new Uint8Array(jpeg), view, `${view}_image`).catch((error) => {
    if (error instanceof PhotoError && error.status === 422) return null;
    throw error;
  });
}

async function measure(set: string, photos: Photos, retakes: Retake[], rightRetakes: Retake[]) {
  const rows: Record<string, number>[] = [];
  /** The left side view's CVA on every retake it was measured, and whether its roll was trusted. */
  const side: { cva: number; trusted: boolean }[] = [];
  let unmeasured = 0;
  for (const [i, r] of retakes.entries()) {
    const frontJpeg = retakePhoto(photos.front, r);
    const t0 = performance.now();
    const f = await analyse(frontJpeg, 'front');
    // Time of one photo's analysis (the retake's own resampling is done before it starts).
    photoMs.push(performance.now() - t0);
    const s = await analyse(retakePhoto(photos.side, r), 'left');
    const rightRetake = rightRetakes[i] as Retake;
    const right = await analyse(retakePhoto(photos.right, rightRetake), 'right');
    if (f) logRoll(`${set}, front`, r, f.roll);
    if (s) logRoll(`${set}, side`, r, s.roll);
    if (right) logRoll(`${set}, side`, rightRetake, right.roll);
    const cva = s?.metrics.cranial_vertebral_angle;
    if (s && cva !== undefined) side.push({ cva, trusted: s.roll.trusted });
    // As the batch call: a calibration needs both side views measured; a front tilt not measured is left out.
    if (!f || !s || !right || s.not_measurable || right.not_measurable) {
      unmeasured++;
      continue;
    }
    const m = calibrationMetrics({ front: f, left: s, right });
    rows.push({ ...(m as Record<string, number>), overall_score: overallScore(m) });
  }
  return { rows, unmeasured, side };
}

// Geometry: the side-view composites of the suite's geometry test, true CVA by construction vs estimate.
const geometry: string[] = [];
const errors: number[] = [];
for (const { truth, photo: p } of knownCvaPhotos()) {
  const est = (await analyzePhoto(pool, new Uint8Array(p.jpeg), 'left', 'left_image')).metrics
    .cranial_vertebral_angle;
  if (est !== undefined) errors.push(est - truth);
  geometry.push(
    `| ${truth.toFixed(1)} | ${est ?? 'not measurable'} | ${est === undefined ? '' : (est - truth).toFixed(1)} |`,
  );
}

// The same placements as webcam frames show them (the calibration wizard's camera: 1280×720 asked for, 960×720 and
// 640×480 what many cameras give), facing left as composed and mirrored to face right.
const FRAMES = [
  [1280, 720],
  [960, 720],
  [640, 480],
] as const;
const framed: Record<string, string[]> = {};
const framedErrors: Record<string, Record<'left' | 'right', number[]>> = {};
const truths = new Map(knownCvaPhotos().map((k) => [k.cva, k.truth]));
for (const [width, height] of FRAMES) {
  const frame = `${width}×${height}`;
  framed[frame] = [];
  framedErrors[frame] = { left: [], right: [] };
  for (const [cva, up] of KNOWN_CVA_PLACEMENTS) {
    const truth = truths.get(cva) ?? cva;
    const cells: string[] = [];
    for (const facing of ['left', 'right'] as const) {
      const jpeg = framedSideViewPhoto({ up, forward: earForwardForCva(cva, up) }, width, height, facing);
      const est = (await analyse(jpeg, facing))?.metrics.cranial_vertebral_angle;
      if (est !== undefined) framedErrors[frame]?.[facing].push(est - truth);
      cells.push(est === undefined ? 'not measurable' : `${est} (${(est - truth).toFixed(1)})`);
    }
    framed[frame]?.push(`| ${truth.toFixed(1)} | ${cells.join(' | ')} |`);
  }
}

// Forward heads made by bending the neck (testkit bentNeckPlacement): true CVA by construction, as the photo and in
// two webcam frames facing either way.
const bent: string[] = [];
const bentErrors: number[] = [];
for (const cva of BENT_NECK_CVAS) {
  const p = bentNeckPlacement(cva);
  const cells: string[] = [];
  const read = async (jpeg: Buffer, facing: 'left' | 'right') => {
    const est = (await analyse(jpeg, facing))?.metrics.cranial_vertebral_angle;
    if (est !== undefined) bentErrors.push(est - cva);
    cells.push(est === undefined ? 'not measurable' : `${est} (${(est - cva).toFixed(1)})`);
  };
  await read(sideViewPhoto(p).jpeg, 'left');
  for (const [width, height] of [FRAMES[0], FRAMES[2]])
    for (const facing of ['left', 'right'] as const)
      await read(framedSideViewPhoto(p, width, height, facing), facing);
  bent.push(`| ${cva} | ${(p.flexion ?? 0).toFixed(1)} | ${cells.join(' | ')} |`);
}

const started = new Date().toISOString();
console.log(
  `machine: ${cpus().length} cores, ${Math.round(totalmem() / 2 ** 30)} GiB; load ${loadavg()[0]?.toFixed(1)}; ${started}`,
);
console.log('\ngeometry: true CVA vs estimate');
console.log('| true CVA ° | estimate ° | error ° |');
console.log('|---|---|---|');
for (const g of geometry) console.log(g);
/** Mean error, mean |error| and max |error| of estimates against their true CVA. */
const errorSummary = (e: number[]) =>
  `mean error ${(e.reduce((a, b) => a + b, 0) / e.length).toFixed(2)}°, mean |error| ${(e.reduce((a, b) => a + Math.abs(b), 0) / e.length).toFixed(2)}°, max |error| ${Math.max(...e.map(Math.abs)).toFixed(2)}°`;
console.log(errorSummary(errors));
for (const [frame, rows] of Object.entries(framed)) {
  console.log(`\ngeometry in a ${frame} webcam frame: estimate (error)`);
  console.log('| true CVA ° | facing left | facing right |');
  console.log('|---|---|---|');
  for (const g of rows) console.log(g);
  for (const facing of ['left', 'right'] as const) {
    const e = framedErrors[frame]?.[facing] ?? [];
    console.log(`facing ${facing}: ${e.length} measured, ${errorSummary(e)}`);
  }
}
console.log('\ngeometry of forward heads made by bending the neck: estimate (error)');
console.log(
  '| true CVA ° | flexion ° | photo | 1280×720 left | 1280×720 right | 640×480 left | 640×480 right |',
);
console.log('|---|---|---|---|---|---|---|');
for (const g of bent) console.log(g);
console.log(`${bentErrors.length} measured, ${errorSummary(bentErrors)}`);
/** A metric's SDC over its readings, or '-' with fewer than two. */
const sdcOf = (v: number[]) => (v.length > 1 ? spread(v).sdc.toFixed(2) : '-');
// The same retakes twice: with their roll, and with the roll set to 0 (everything else equal), so the two tables
// differ by the roll alone.
const retakes = randomRetakes(count, 7);
const level = retakes.map((r) => ({ ...r, rollDeg: 0 }));
/** The right-hand side photo's retakes: a second series (three photos of one calibration are three retakes). */
const rightRetakes = randomRetakes(count, 8);
const rightLevel = rightRetakes.map((r) => ({ ...r, rollDeg: 0 }));
for (const [label, photos, set, rightSet] of [
  ['test photos, all changes incl. 1-3° roll', portrait, retakes, rightRetakes],
  ['test photos, the same retakes without their roll', portrait, level, rightLevel],
  ['in a room, all changes incl. 1-3° roll', room, retakes, rightRetakes],
  ['in a room, the same retakes without their roll', room, level, rightLevel],
  [
    'a forward head (38°, neck bent), test photos, all changes incl. 1-3° roll',
    bentPortrait,
    retakes,
    rightRetakes,
  ],
  [
    'a forward head (38°, neck bent), in a room, all changes incl. 1-3° roll',
    bentRoom,
    retakes,
    rightRetakes,
  ],
  [
    'a forward head (38°, head moved whole), test photos, all changes incl. 1-3° roll',
    forwardPortrait,
    retakes,
    rightRetakes,
  ],
  [
    'a forward head (38°, head moved whole), in a room, all changes incl. 1-3° roll',
    forwardRoom,
    retakes,
    rightRetakes,
  ],
] as const) {
  const { rows, unmeasured, side } = await measure(
    label.replace(/, (all changes|the same retakes).*$/, ''),
    photos,
    set,
    rightSet,
  );
  console.log(
    `\n${label}: ${rows.length} calibrations (three photos each) measured, ${unmeasured} not measurable`,
  );
  console.log('| metric | mean | SD | SDC (1.96·√2·SD) | min–max |');
  console.log('|---|---|---|---|---|');
  for (const [metric, r] of Object.entries(repeatability(rows)))
    console.log(
      `| ${metric} | ${r.mean.toFixed(1)} | ${r.sd.toFixed(2)} | ${r.sdc.toFixed(2)} | ${r.min.toFixed(1)}–${r.max.toFixed(1)} |`,
    );
  const trustedCvas = side.filter((x) => x.trusted).map((x) => x.cva);
  console.log(
    `left side view alone: CVA SDC ${sdcOf(side.map((x) => x.cva))} over ${side.length} measured retakes; ${sdcOf(trustedCvas)} over the ${trustedCvas.length} with a trusted roll`,
  );
}
// Front photos of three people: the repeatability table's 'woman-left' (turned a little from the camera) and two
// who face it (testkit's 'woman-facing': hair over her left shoulder; 'woman-centre': a dark top against a dark
// window frame). Each once as her test photo, once in the room, and over the room's rolled retakes.
console.log(
  '\nfront photos of three people: shoulder tilt and head tilt (° ; "not measurable" gives the reason)',
);
console.log(
  '| person | test photo | in a room | room retakes measured (shoulder / head) | shoulder tilt SDC | head tilt SDC |',
);
console.log('|---|---|---|---|---|---|');
const reading = (a: Awaited<ReturnType<typeof analyse>>) =>
  !a
    ? 'refused'
    : a.not_measurable
      ? `not measurable (${/measured ([\d.]+°)/.exec(a.not_measurable)?.[1] ?? a.not_measurable}) / ${a.metrics.head_tilt_angle ?? '-'}`
      : `${a.metrics.shoulder_tilt_angle} / ${a.metrics.head_tilt_angle}`;
for (const who of ['woman-left', 'woman-facing', 'woman-centre'] as const) {
  const inRoom = roomPhoto({ photo: who });
  // Each tilt is measured on its own (a hidden shoulder leaves the head tilt measured).
  const tilts = { shoulder: [] as number[], head: [] as number[] };
  for (const r of retakes) {
    const a = await analyse(retakePhoto(inRoom, r), 'front');
    const { shoulder_tilt_angle: shoulder, head_tilt_angle: head } = a?.metrics ?? {};
    if (shoulder !== undefined) tilts.shoulder.push(shoulder);
    if (head !== undefined) tilts.head.push(head);
  }
  const sdc = (v: number[]) => (v.length > 1 ? `${sdcOf(v)} (mean ${spread(v).mean.toFixed(1)})` : '-');
  console.log(
    `| ${who} | ${reading(await analyse(personPhoto(who), 'front'))} | ${reading(await analyse(inRoom, 'front'))} | ${tilts.shoulder.length} / ${tilts.head.length} of ${retakes.length} | ${sdc(tilts.shoulder)} | ${sdc(tilts.head)} |`,
  );
}
for (const [view, l] of Object.entries(rollLog)) {
  const abs = l.errors.map(Math.abs);
  console.log(
    `roll, ${view} view: trusted on ${l.trusted} of ${l.total} retakes; trusted estimates' error mean ${(l.errors.reduce((a, b) => a + b, 0) / Math.max(1, l.errors.length)).toFixed(2)}°, max |error| ${abs.length ? Math.max(...abs).toFixed(2) : '-'}°`,
  );
}
const sortedMs = [...photoMs].sort((a, b) => a - b);
console.log(
  `front photo analysis (decode, whole-photo look with faces, three measuring looks at the person, roll): median ${sortedMs[sortedMs.length >> 1]?.toFixed(0)} ms wall on one worker; load ${loadavg()[0]?.toFixed(1)} at the end`,
);
await pool.close();
