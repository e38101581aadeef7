// Measures what the landing route (/) downloads: the entry chunk and everything it imports statically, plus the
// LandingPage chunk and its static imports, JS and CSS, raw and gzip; and, separately, the lazily loaded live
// posture tool of the hero. Run from the repository root:
//   node --import tsx bench/web-public/landing-size.ts
import { fileSize, sizeColumns, withManifestBuild } from '../web-support.ts';

await withManifestBuild('pv-landing-size-', (outDir, manifest) => {
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
        const size = fileSize(outDir, file);
        raw += size.raw;
        gzip += size.gzip;
        console.log(`  ${sizeColumns(size)}  ${key} → ${file}`);
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
});
