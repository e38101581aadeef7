// Memory of big photos: the vision engine (one worker thread, every model) analyses a
// 16-MP and a 7000×7000 JPEG of a real person, decoded downscaled (libvips shrink-on-load). Reports the
// process's RSS before, its peak while analysing, and after; against the reference measured in the same run:
// the previous decoder (jpeg-js, full size) decoding the same photos in a child process of its own.
// Run from the repository root: node --import tsx bench/vision/big-photo.ts   (measures; asserts nothing)
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { personPhoto } from '../../packages/testkit/src/media.ts';
import { EnginePool } from '../../packages/vision/src/engine/pool.ts';

// The vision package's own decoder, and the previous one from the testkit, which still decodes test fixtures
// with it (bench/ has no dependencies of its own).
const fromVision = createRequire(new URL('../../packages/vision/package.json', import.meta.url));
const fromTestkit = createRequire(new URL('../../packages/testkit/package.json', import.meta.url));
const jpeg = fromTestkit('jpeg-js') as { decode(bytes: Buffer, options: Record<string, unknown>): unknown };
type Sharp = {
  resize(w: number, h: number, o: Record<string, unknown>): Sharp;
  jpeg(o: Record<string, unknown>): Sharp;
  toBuffer(): Promise<Buffer>;
};
const sharp = fromVision('sharp') as (input: Buffer) => Sharp;

const mb = (b: number) => Math.round(b / 1024 / 1024);
const say = (s: string) => console.log(s);

// Child mode: the reference decoder on one file; prints RSS before and after as JSON.
if (process.argv[2] === '--reference') {
  const bytes = readFileSync(process.argv[3] as string);
  const before = process.memoryUsage.rss();
  let peak = before;
  for (let i = 0; i < 3; i++) {
    jpeg.decode(bytes, {
      useTArray: true,
      formatAsRGBA: false,
      maxMemoryUsageInMB: 4096,
      maxResolutionInMP: 100,
    });
    peak = Math.max(peak, process.memoryUsage.rss());
  }
  await new Promise((r) => setTimeout(r, 3000));
  console.log(JSON.stringify({ before, peak, after: process.memoryUsage.rss() }));
  process.exit(0);
}

async function photo(width: number, height: number, quality: number): Promise<Buffer> {
  return sharp(personPhoto('woman-left'))
    .resize(width, height, { fit: 'contain', background: { r: 128, g: 128, b: 128 } })
    .jpeg({ quality })
    .toBuffer();
}

const dir = mkdtempSync(join(tmpdir(), 'pv-bench-big-'));
const photos = [
  { name: '16 MP (4624×3468)', bytes: await photo(4624, 3468, 80) },
  { name: '49 MP (7000×7000)', bytes: await photo(7000, 7000, 70) },
];

say(`# big photos — ${new Date().toISOString()}`);
say(`machine: ${cpus().length} cores (${cpus()[0]?.model}), ${mb(totalmem())} MiB, Node ${process.version}`);
say(
  `load average at start: ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);

const pool = new EnginePool(1);
await pool.ready;
const modules = { body: true, face: true, hands: false, emotion: false, maxFaces: 5 };
// Warm-up: one ordinary photo, so the baseline holds the models and one analysis' working memory.
await pool.run({ kind: 'jpeg', data: new Uint8Array(await photo(1280, 960, 85)), modules });
await new Promise((r) => setTimeout(r, 2000));

say(
  '\n| photo | bytes | RSS before MiB | peak MiB | after MiB | growth kept MiB | reference (jpeg-js, full size) before / peak / after MiB | reference growth kept MiB |',
);
say('|---|---|---|---|---|---|---|---|');
for (const p of photos) {
  const before = process.memoryUsage.rss();
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 50);
  for (let i = 0; i < 3; i++) await pool.run({ kind: 'jpeg', data: new Uint8Array(p.bytes), modules });
  clearInterval(sampler);
  await new Promise((r) => setTimeout(r, 3000));
  const after = process.memoryUsage.rss();
  const file = join(dir, 'photo.jpg');
  writeFileSync(file, p.bytes);
  const child = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'bench/vision/big-photo.ts', '--reference', file],
    {
      encoding: 'utf8',
    },
  );
  let ref = '(failed)';
  let refKept = '';
  try {
    const r = JSON.parse(child.stdout.trim().split('\n').pop() as string);
    ref = `${mb(r.before)} / ${mb(r.peak)} / ${mb(r.after)}`;
    refKept = String(mb(r.after - r.before));
  } catch {
    ref = `(failed: ${child.stderr.split('\n')[0]})`;
  }
  say(
    `| ${p.name} | ${(p.bytes.length / 1e6).toFixed(2)} MB | ${mb(before)} | ${mb(peak)} | ${mb(after)} | ${mb(after - before)} | ${ref} | ${refKept} |`,
  );
}
say(
  `\nload average at end: ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
await pool.close();
rmSync(dir, { recursive: true, force: true });
