// Where an API instance spent its CPU: reads the V8 profiles `BENCH_CPU_PROF=<dir> … bench/api/scale.ts` wrote
// (one per instance, `--cpu-prof`) and prints, from the first sample that handles a feedback event on (start-up
// left out), the share of the busy time per package or source folder, and the functions with the most self time.
// `node --import tsx bench/api/cpu-profile.ts <dir or file> [top]`.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const dir = process.argv[2];
const top = Number(process.argv[3] ?? 15);
if (!dir) throw new Error('usage: cpu-profile.ts <dir> [top]');

const files = (function walk(path: string): string[] {
  if (!statSync(path).isDirectory()) return path.endsWith('.cpuprofile') ? [path] : [];
  return readdirSync(path).flatMap((f) => walk(join(path, f)));
})(dir);

/** The package (node_modules/<name>) or our source folder a script belongs to; V8 and Node internals by kind. */
function area(url: string, name: string): string {
  if (!url) return name.startsWith('(') ? name : '(native)';
  const pkg = /node_modules\/(?:\.pnpm\/[^/]+\/node_modules\/)?((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1] as string;
  const ours = /packages\/([^/]+)\/src\/([^/]+)/.exec(url);
  if (ours) return `${ours[1]}/${ours[2]}`;
  if (url.startsWith('node:')) return url.split('/')[0] as string;
  return url;
}

for (const file of files) {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const inIngest = (id: number): boolean => {
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at))
      if (byId.get(at)?.callFrame.url.includes('feedback-store')) return true;
    return false;
  };
  const first = profile.samples.findIndex(inIngest);
  if (first < 0) {
    console.log(`\n${file}: no feedback handled (a worker thread?)`);
    continue;
  }
  const self = new Map<number, number>();
  let total = 0;
  profile.samples.forEach((id, i) => {
    if (i < first) return;
    const dt = profile.timeDeltas[i] ?? 0;
    self.set(id, (self.get(id) ?? 0) + dt);
    total += dt;
  });
  const areas = new Map<string, number>();
  const functions = new Map<string, number>();
  for (const [id, us] of self) {
    const frame = (byId.get(id) as ProfileNode).callFrame;
    const a = area(frame.url, frame.functionName);
    areas.set(a, (areas.get(a) ?? 0) + us);
    const f = `${frame.functionName || '(anonymous)'} ${a}:${frame.lineNumber + 1}`;
    functions.set(f, (functions.get(f) ?? 0) + us);
  }
  const pct = (us: number) => `${((100 * us) / total).toFixed(1)}%`;
  const idle = areas.get('(idle)') ?? 0;
  console.log(
    `\n${file}: ${(total / 1e6).toFixed(1)} s from the first feedback event on, ${pct(total - idle)} busy`,
  );
  console.log('| where | share of samples |\n|---|---|');
  for (const [a, us] of [...areas].sort((x, y) => y[1] - x[1]).slice(0, top))
    console.log(`| ${a} | ${pct(us)} |`);
  console.log('\n| function (self time) | share |\n|---|---|');
  for (const [f, us] of [...functions].sort((x, y) => y[1] - x[1]).slice(0, top))
    console.log(`| ${f} | ${pct(us)} |`);
}
