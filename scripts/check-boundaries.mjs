#!/usr/bin/env node
// The dependency boundaries between the workspace's packages, checked in `npm test`'s lint step
// (CONTRIBUTING.md, "Where code goes"). Fails on:
// - a package importing another package by a relative path (import it by name: `@posture-vision/core/<domain>`);
// - core importing any app (core is shared by all of them and depends on none);
// - web ↔ extension, api ↔ vision (apps talk over HTTP, sockets or extension messages, never by import);
// - any app's shipped code importing testkit (test helpers stay in tests);
// - ui (the shared components) importing anything of ours but core, and core importing ui;
// - inside core, a layer importing one above it (CORE_LAYERS: texts, domain, clients, workflows).
// Usage: `node scripts/check-boundaries.mjs [root]` (default: the repository). Exit 1 with one line per import.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const SCOPE = '@posture-vision/';
const APPS = ['api', 'vision', 'web', 'extension'];
/** importer → packages it must not import. */
const FORBIDDEN = {
  core: [...APPS, 'ui'],
  ui: [...APPS, 'testkit'],
  web: ['extension'],
  extension: ['web'],
  api: ['vision'],
  vision: ['api'],
  testkit: [...APPS],
};
/**
 * Core's layers, lowest first: a file under `packages/core/src/<layer>/` may import its own layer and those below.
 * - texts: what a user reads (tables and templates); imports nothing of core's but other texts.
 * - domain: pure rules, contracts and types, no I/O; the texts they choose from.
 * - clients: what talks to the servers (the HTTP client and its storage, the live link).
 * - workflows: what runs a use case over the clients (the posture monitor, the live loop).
 * The files at `src/` itself are the package's entry points (one per subpath) and may export any layer.
 */
export const CORE_LAYERS = ['texts', 'domain', 'clients', 'workflows'];

/** The layer of a path inside core's package (`src/<layer>/…`), or null outside the layers. */
function coreLayer(inPackage) {
  const [top, layer, ...rest] = inPackage.split('/');
  return top === 'src' && rest.length > 0 && CORE_LAYERS.includes(layer) ? layer : null;
}

const SOURCE = /\.(ts|tsx|mts|cts|js|mjs|cjs|jsx)$/;
const SKIP_DIRS = new Set(['node_modules', 'dist', '.artifacts', 'data', 'public']);
// Static imports and re-exports (`import … from 'x'`, `import 'x'`, `export … from 'x'`), dynamic `import('x')`
// and `require('x')`. Comments are removed first, so a path in prose does not count.
const SPECIFIERS = [
  /\b(?:import|export)\s+(?:type\s+)?(?:[^'"`;]*?\sfrom\s+)?['"]([^'"]+)['"]/g,
  /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
  /\brequire\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
];

/**
 * Known crossings, each with the work that removes it. An entry that no longer matches anything is reported, so
 * the list only shrinks.
 */
export const KNOWN = [];

function* sourceFiles(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.') || SKIP_DIRS.has(entry.name)) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(path);
    else if (SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts')) yield path;
  }
}

const stripComments = (text) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');

export function importsOf(text) {
  const code = stripComments(text);
  const found = [];
  for (const pattern of SPECIFIERS) for (const match of code.matchAll(pattern)) found.push(match[1]);
  return found;
}

const isTestFile = (rel) => /(^|\/)test\//.test(rel) || /\.(test|bench)\.[a-z]+$/.test(rel);

/** Every forbidden import under `root/packages`, as `{ file, specifier, rule }` (paths relative to root). */
export function findViolations(root, known = KNOWN) {
  const packagesDir = join(root, 'packages');
  const packages = readdirSync(packagesDir).filter((name) => statSync(join(packagesDir, name)).isDirectory());
  const violations = [];
  const matchedKnown = new Set();
  for (const pkg of packages) {
    const pkgDir = join(packagesDir, pkg);
    for (const file of sourceFiles(pkgDir)) {
      const rel = relative(root, file).split(sep).join('/');
      const inPackage = relative(pkgDir, file).split(sep).join('/');
      for (const specifier of importsOf(readFileSync(file, 'utf8'))) {
        let target = null;
        let rule = null;
        if (specifier.startsWith('.')) {
          const resolved = resolve(dirname(file), specifier);
          const outside = relative(pkgDir, resolved);
          const from = pkg === 'core' ? coreLayer(inPackage) : null;
          const to = from ? coreLayer(outside.split(sep).join('/')) : null;
          if (from && to && CORE_LAYERS.indexOf(to) > CORE_LAYERS.indexOf(from))
            rule = `core's ${from} layer must not import its ${to} layer (CORE_LAYERS)`;
          // Files of the repository outside packages/ (the shared vitest setup) are tooling, not a package.
          const top = relative(packagesDir, resolved).split(sep)[0];
          if (!rule && outside.startsWith('..') && packages.includes(top)) {
            target = top;
            rule = `imports package ${target} by a relative path (use ${SCOPE}${target})`;
          }
        } else if (specifier.startsWith(SCOPE)) {
          target = specifier.slice(SCOPE.length).split('/')[0];
        }
        if (!rule && target && target !== pkg) {
          if (FORBIDDEN[pkg]?.includes(target)) rule = `${pkg} must not import ${target}`;
          else if (target === 'testkit' && !isTestFile(inPackage))
            rule = `${pkg}'s shipped code must not import testkit (tests only)`;
        }
        if (!rule) continue;
        const k = known.findIndex((e) => e.file === rel && e.specifier === specifier);
        if (k >= 0) {
          matchedKnown.add(k);
          continue;
        }
        violations.push({ file: rel, specifier, rule });
      }
    }
  }
  const stale = known.filter((_, i) => !matchedKnown.has(i));
  return { violations, stale };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = resolve(process.argv[2] ?? fileURLToPath(new URL('..', import.meta.url)));
  const { violations, stale } = findViolations(root);
  for (const e of stale)
    console.log(`check-boundaries: known crossing gone, remove it from KNOWN: ${e.file} → ${e.specifier}`);
  for (const v of violations) console.error(`${v.file}: '${v.specifier}': ${v.rule}`);
  if (violations.length) {
    console.error(`check-boundaries: ${violations.length} forbidden import(s); see CONTRIBUTING.md`);
    process.exit(1);
  }
  console.log('check-boundaries: no forbidden imports between packages');
}
