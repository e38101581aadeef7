// Measures what the landing route (/) downloads: the entry chunk and everything it imports statically, plus the
// LandingPage chunk and its static imports, JS and CSS, raw and gzip; and, separately, the lazily loaded live
// posture tool of the hero. Run from the repository root:
//   node --import tsx bench/web-public/landing-size.ts
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

interface ManifestEntry {
  file: string;
  css?: string[];
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
}

const webRoot = fileURLToPath(new URL('../../packages/web', import.meta.url));
const vitePath = createRequire(join(webRoot, 'package.json')).resolve('vite');
const { build } = (await import(pathToFileURL(vitePath).href)) as typeof import('vite');
const outDir = mkdtempSync(join(tmpdir(), 'pv-landing-size-'));
try {
  await build({
    root: webRoot,
    configFile: join(webRoot, 'vite.config.ts'),
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true, manifest: true },
  });
  const manifest = JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    ManifestEntry
  >;
  /** A chunk and its static imports, transitively. */
  const closure = (key: string, seen = new Set<string>()): Set<string> => {
    if (seen.has(key)) return seen;
    seen.add(key);
    for (const dep of manifest[key]?.imports ?? []) closure(dep, seen);
    return seen;
  };
  const entry = Object.keys(manifest).find((k) => manifest[k]?.isEntry) ?? 'index.html';
  const landing = closure('src/public/LandingPage.tsx', closure(entry));
  const liveTool = 'src/live/LiveTool.tsx' in manifest ? closure('src/live/LiveTool.tsx') : new Set<string>();
  for (const key of landing) liveTool.delete(key);

  const measure = (title: string, keys: Set<string>) => {
    let raw = 0;
    let gzip = 0;
    console.log(title);
    for (const key of keys) {
      const e = manifest[key];
      if (!e) continue;
      for (const file of [e.file, ...(e.css ?? [])]) {
        const bytes = readFileSync(join(outDir, file));
        const zipped = gzipSync(bytes).length;
        raw += bytes.length;
        gzip += zipped;
        console.log(
          `  ${(bytes.length / 1024).toFixed(1).padStart(7)} KiB ${(zipped / 1024).toFixed(1).padStart(6)} KiB gz  ${key} → ${file}`,
        );
      }
    }
    console.log(`  total ${(raw / 1024).toFixed(1)} KiB, ${(gzip / 1024).toFixed(1)} KiB gzip`);
    return [...keys];
  };
  const landingKeys = measure('landing route (/), loaded before the page shows:', landing);
  const dashboard = landingKeys.filter((k) => k.includes('dashboard'));
  console.log(
    dashboard.length ? `DASHBOARD CODE ON THE LANDING ROUTE: ${dashboard.join(', ')}` : 'no dashboard code',
  );
  if (liveTool.size) measure('live posture tool in the hero (lazy, after the page shows):', liveTool);
} finally {
  rmSync(outDir, { recursive: true, force: true });
}
