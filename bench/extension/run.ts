// Run from the repository root: node --import tsx bench/extension/run.ts   (measures; asserts nothing)
// CPU and memory of passive monitoring in the built extension (system Chromium, fake camera playing a real
// person, real API and vision service), at each capture rate: 1 frame/s while posture is good, 5 frame/s
// while it is poor, and the idle extension (not monitoring) as the baseline. Server mode against device mode:
// bench/device/run.ts.
import { rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { buildExtension } from '../../packages/extension/scripts/package-extension.ts';
import { createUser } from '../../packages/extension/test/api-user.ts';
import { type RunningService, startApi, startVision } from '../../packages/testkit/src/services.ts';
import { measure } from './monitoring.ts';

const WINDOW_MS = Number(process.env.BENCH_WINDOW_MS ?? 40_000);
const f1 = (n: number) => n.toFixed(1);

let api: RunningService | undefined;
let vision: RunningService | undefined;
const out = join(tmpdir(), `pv-bench-ext-${process.pid}`);
try {
  console.log(
    `machine: ${cpus().length} cores (${cpus()[0]?.model}), ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.versions.node}`,
  );
  console.log(`load average at start: ${loadavg().map(f1).join(' ')}`);
  api = await startApi();
  vision = await startVision({ API_URL: api.url });
  await buildExtension(out, { VITE_API_URL: api.url, VITE_VISION_URL: vision.url });
  const user = await createUser(api);
  const rows = [
    await measure('idle', [{ posture: 'upright', seconds: 2 }], user, out, { windowMs: WINDOW_MS }),
    await measure('good', [{ posture: 'upright', seconds: 30 }], user, out, { windowMs: WINDOW_MS }),
    // Upright for the reference, then slouched for longer than the warm-up and the window.
    await measure(
      'poor',
      [
        { posture: 'upright', seconds: 6 },
        { posture: 'slouched', seconds: 60 },
      ],
      user,
      out,
      { windowMs: WINDOW_MS },
    ),
  ];
  console.log(`load average at end: ${loadavg().map(f1).join(' ')}`);
  console.log(`window: ${WINDOW_MS / 1000} s per scenario; CPU in % of one core\n`);
  console.log(
    '| scenario | capture fps | good posture in window | offscreen JS heap MiB | extension renderer CPU % / RSS MiB | camera service CPU % | browser total CPU % / RSS MiB | vision service CPU % |',
  );
  console.log('|---|---|---|---|---|---|---|---|');
  for (const r of rows) {
    const g = (name: string) => r.groups[name] ?? { cpu: 0, rssMiB: 0 };
    const ext = g('extension renderer (offscreen document + service worker)');
    console.log(
      `| ${r.scenario} | ${r.fps} | ${r.good} | ${r.heapMiB === null ? '–' : f1(r.heapMiB)} | ${f1(ext.cpu)} / ${f1(ext.rssMiB)} | ${f1(g('camera capture service').cpu)} | ${f1(r.browserCpu)} / ${f1(r.browserRssMiB)} | ${f1(g('vision service').cpu)} |`,
    );
  }
} finally {
  await vision?.stop();
  await api?.stop();
  rmSync(out, { recursive: true, force: true });
}
