import { earForwardForCva, sideGeometry } from '../core/src/calibration/geometry.ts';
import { randomRetakes, retakePhoto, roomPhoto, sideViewPhoto, type SideViewPlacement } from '../testkit/src/media.ts';
import { EnginePool } from './src/engine/pool.ts';
import { analyzePhoto, PhotoError } from './src/photo/service.ts';
import { spread } from './src/photo/repeatability.ts';
const pool = new EnginePool(1);
await pool.ready;
const n = Number(process.argv[2] ?? 20);
const targets = (process.argv[3] ?? '38,44').split(',').map(Number);
const truthOf = (p: SideViewPlacement) => { const s = sideViewPhoto(p); return sideGeometry(s.ear, s.shoulder, -1)!.cranialVertebralAngle; };
function flexFor(target: number, base = 50): SideViewPlacement {
  let lo = 0, hi = 40;
  for (let i = 0; i < 30; i++) { const mid = (lo + hi) / 2; if (truthOf({ up: 200, forward: earForwardForCva(base, 200), flexion: mid }) > target) lo = mid; else hi = mid; }
  return { up: 200, forward: earForwardForCva(base, 200), flexion: (lo + hi) / 2 };
}
const cva = async (j: Buffer) => (await analyzePhoto(pool, new Uint8Array(j), 'left', 'x').catch((e) => { if (e instanceof PhotoError) return null; throw e; }))?.metrics.cranial_vertebral_angle;
const retakes = randomRetakes(n, 7);
for (const target of targets) {
  for (const [kind, placement] of [['moved', { up: 200, forward: earForwardForCva(target, 200) }], ['flexed', flexFor(target)]] as const) {
    const truth = truthOf(placement);
    for (const where of ['bare', 'room']) {
      const photo = where === 'bare' ? sideViewPhoto(placement).jpeg : roomPhoto({ side: placement });
      const un = await cva(photo);
      const v: number[] = []; let refused = 0;
      for (const r of retakes) { const c = await cva(retakePhoto(photo, r)); if (c === undefined) refused++; else v.push(c); }
      const s = spread(v);
      console.log(`${kind} ${truth.toFixed(1)} (flexion ${(placement as any).flexion?.toFixed(1) ?? 0}) ${where}: unretaken ${un} | retakes mean ${s.mean.toFixed(1)} SDC ${s.sdc.toFixed(2)} range ${s.min}-${s.max} refused ${refused}`);
    }
  }
}
await pool.close();
