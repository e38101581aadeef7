// Measures the dashboard's share of the web app build: every chunk built from packages/web/src/dashboard and
// the shared chunks only the dashboard imports (chart.js), raw and gzip. Run from the repository root:
//   node --import tsx bench/web-dashboard/bundle-size.ts
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
}

const webRoot = fileURLToPath(new URL('../../packages/web', import.meta.url));
// Vite is the web package's dependency: resolve it from there.
const vitePath = createRequire(join(webRoot, 'package.json')).resolve('vite');
const { build } = (await import(pathToFileURL(vitePath).href)) as typeof import('vite');
const outDir = mkdtempSync(join(tmpdir(), 'pv-dashboard-size-'));
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
  const entries = Object.entries(manifest);
  const isDashboard = (src: string) => src.startsWith('src/dashboard/');
  const files = new Map<string, string>();
  for (const [src, entry] of entries) {
    if (isDashboard(src)) for (const file of [entry.file, ...(entry.css ?? [])]) files.set(file, src);
    const importers = entries.filter(([, e]) => e.imports?.includes(src)).map(([s]) => s);
    if (src.startsWith('_') && importers.length > 0 && importers.every(isDashboard))
      files.set(entry.file, `${src} (imported by the dashboard only)`);
  }
  let raw = 0;
  let gzip = 0;
  for (const [file, src] of files) {
    const bytes = readFileSync(join(outDir, file));
    const zipped = gzipSync(bytes).length;
    raw += bytes.length;
    gzip += zipped;
    console.log(
      `${(bytes.length / 1024).toFixed(1).padStart(7)} KiB ${(zipped / 1024).toFixed(1).padStart(6)} KiB gz  ${src}`,
    );
  }
  console.log(`dashboard total: ${(raw / 1024).toFixed(1)} KiB, ${(gzip / 1024).toFixed(1)} KiB gzip`);
} finally {
  rmSync(outDir, { recursive: true, force: true });
}
