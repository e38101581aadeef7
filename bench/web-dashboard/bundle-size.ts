// Measures the dashboard's share of the web app build: every chunk built from packages/web/src/dashboard and
// the shared chunks only the dashboard imports (chart.js), raw and gzip. Run from the repository root:
//   node --import tsx bench/web-dashboard/bundle-size.ts
import { fileSize, sizeColumns, withManifestBuild } from '../web-support.ts';

await withManifestBuild('pv-dashboard-size-', (outDir, manifest) => {
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
    const size = fileSize(outDir, file);
    raw += size.raw;
    gzip += size.gzip;
    console.log(`${sizeColumns(size)}  ${src}`);
  }
  console.log(`dashboard total: ${(raw / 1024).toFixed(1)} KiB, ${(gzip / 1024).toFixed(1)} KiB gzip`);
});
