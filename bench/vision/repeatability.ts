// Repeatability of the photo analysis: the same person photographed again with the small changes a real
// retake brings (testkit's randomRetakes: shifted and zoomed framing, ±10 % brightness and contrast, JPEG
// quality 0.7-0.95, 1-3° camera roll), each metric's standard deviation (SD) and smallest detectable change
// SDC = 1.96 × √2 × SD, with and without the roll. Front view: testkit's 'woman-left'; side views: testkit's
// side-view composite at a true CVA of 50°; overall score from the three together, as the wizard sends them.
// Run from the repository root: node --import tsx bench/vision/repeatability.ts [retakes=20]  (measures only)
import { cpus, loadavg, totalmem } from 'node:os';
import { earForwardForCva } from '../../packages/core/src/calibration/geometry.ts';
import {
  knownCvaPhotos,
  personPhoto,
  type Retake,
  randomRetakes,
  retakePhoto,
  sideViewPhoto,
} from '../../packages/testkit/src/media.ts';
import { EnginePool } from '../../packages/vision/src/engine/pool.ts';
import { overallScore } from '../../packages/vision/src/photo/metrics.ts';
import { repeatability } from '../../packages/vision/src/photo/repeatability.ts';
import { analyzePhoto } from '../../packages/vision/src/photo/service.ts';

const count = Number(process.argv[2] ?? 20);
const pool = new EnginePool(1);
await pool.ready;
const front = personPhoto('woman-left');
const side = sideViewPhoto({ up: 200, forward: earForwardForCva(50, 200) }).jpeg;

async function measure(retakes: Retake[]) {
  const rows: Record<string, number>[] = [];
  let unmeasured = 0;
  for (const r of retakes) {
    const f = await analyzePhoto(pool, new Uint8Array(retakePhoto(front, r)), 'front', 'front_image');
    const s = await analyzePhoto(pool, new Uint8Array(retakePhoto(side, r)), 'left', 'left_image');
    if (f.not_measurable || s.not_measurable) {
      unmeasured++;
      continue;
    }
    const m = { ...f.metrics, ...s.metrics };
    rows.push({ ...(m as Record<string, number>), overall_score: overallScore(m) });
  }
  return { rows, unmeasured };
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

const started = new Date().toISOString();
console.log(
  `machine: ${cpus().length} cores, ${Math.round(totalmem() / 2 ** 30)} GiB; load ${loadavg()[0]?.toFixed(1)}; ${started}`,
);
console.log('\ngeometry: true CVA vs estimate');
console.log('| true CVA ° | estimate ° | error ° |');
console.log('|---|---|---|');
for (const g of geometry) console.log(g);
const abs = errors.map(Math.abs);
console.log(
  `mean error ${(errors.reduce((a, b) => a + b, 0) / errors.length).toFixed(2)}°, mean |error| ${(abs.reduce((a, b) => a + b, 0) / abs.length).toFixed(2)}°, max |error| ${Math.max(...abs).toFixed(2)}°`,
);
for (const [label, retakes] of [
  ['all changes incl. 1-3° roll', randomRetakes(count, 7)],
  ['all changes, no roll', randomRetakes(count, 7, { roll: false })],
] as const) {
  const { rows, unmeasured } = await measure(retakes);
  console.log(`\n${label}: ${rows.length} retakes measured, ${unmeasured} not measurable`);
  console.log('| metric | mean | SD | SDC (1.96·√2·SD) | min–max |');
  console.log('|---|---|---|---|---|');
  for (const [metric, r] of Object.entries(repeatability(rows)))
    console.log(
      `| ${metric} | ${r.mean.toFixed(1)} | ${r.sd.toFixed(2)} | ${r.sdc.toFixed(2)} | ${r.min.toFixed(1)}–${r.max.toFixed(1)} |`,
    );
}
await pool.close();
