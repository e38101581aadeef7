// Run from the repository root: node --import tsx bench/device/picture-quality.ts   (a few seconds; measures,
// asserts nothing). The per-frame cost of measuring the picture's quality (detector picture.ts, on every live
// detection so a frame not judged can say why), against the I420 → RGB conversion every server-mode frame already
// pays, measured in the same run at the camera's 640×480 and at device mode's frame scaled for the body model; and
// what the model's input costs on top (detector exposure.ts forTheModel): a frame in good light only checked, a dark
// one evened out, a veiled one (its blacks lifted, as by a window's glare) stretched.
import { cpus } from 'node:os';
import { forTheModel } from '../../packages/detector/src/exposure.ts';
import { i420ToRgb } from '../../packages/detector/src/image.ts';
import { pictureQuality } from '../../packages/detector/src/picture.ts';

const cpuMs = (f: () => void, n: number) => {
  for (let i = 0; i < 50; i++) f();
  const t0 = process.cpuUsage();
  for (let i = 0; i < n; i++) f();
  const u = process.cpuUsage(t0);
  return (u.user + u.system) / 1000 / n;
};
console.log(
  `Machine: ${cpus().length} cores (${cpus()[0]?.model}), Node ${process.version}; ${new Date().toISOString()}`,
);
const box = { x: 0.2, y: 0.1, w: 0.6, h: 0.8 };
for (const [w, h] of [
  [640, 480],
  [192, 144],
] as const) {
  const i420 = new Uint8Array((w * h * 3) / 2).map((_, i) => (i * 7919) % 251);
  const rgb = i420ToRgb(i420, w, h);
  const quality = cpuMs(() => pictureQuality(rgb, box), 2000);
  const convert = cpuMs(() => i420ToRgb(i420, w, h), 200);
  console.log(
    `${w}×${h}: picture quality ${quality.toFixed(3)} CPU-ms per frame; I420 → RGB ${convert.toFixed(3)} CPU-ms (quality / conversion ${(quality / convert).toFixed(2)})`,
  );
  // The same frame bright (luminance up to 250), dark (up to 60) and veiled (from 80 up to 250).
  const scaled = (top: number, floor = 0) => ({
    ...rgb,
    data: rgb.data.map((v) => Math.round(floor + (v * (top - floor)) / 255)),
  });
  const [bright, dark, veiled] = [scaled(250), scaled(60), scaled(250, 80)];
  const checked = cpuMs(() => forTheModel(bright, true), 2000);
  const evened = cpuMs(() => forTheModel(dark, true), 200);
  const stretched = cpuMs(() => forTheModel(veiled, true), 200);
  if (forTheModel(veiled, true).fix !== 'veiled') throw new Error('the veiled frame is not read as veiled');
  console.log(
    `${w}×${h}: the model's input, in good light ${checked.toFixed(3)} CPU-ms (/ conversion ${(checked / convert).toFixed(2)}), dark and evened out ${evened.toFixed(3)} CPU-ms (/ conversion ${(evened / convert).toFixed(2)}), veiled and stretched ${stretched.toFixed(3)} CPU-ms (/ conversion ${(stretched / convert).toFixed(2)})`,
  );
}
