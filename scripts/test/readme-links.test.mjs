// Every link in the repository's Markdown files resolves in a clone (the README once linked to files
// outside it). Web addresses and in-page anchors are not checked here. Paths in code spans are names and
// examples (a default folder, a forbidden import), not links, and are left alone.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const repo = fileURLToPath(new URL('../..', import.meta.url));

/** The Markdown files git tracks (what a clone has). */
function markdownFiles() {
  return execFileSync('git', ['ls-files', '*.md'], { cwd: repo, encoding: 'utf8' })
    .split('\n')
    .filter((f) => f && !f.includes('node_modules/'));
}

/** `[text](target)` and `[text]: target` links, without code spans and fenced blocks (they are examples). */
function linkTargets(markdown) {
  const prose = markdown.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');
  const inline = [...prose.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1]);
  const defined = [...prose.matchAll(/^\s*\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/gm)].map((m) => m[1]);
  return [...inline, ...defined];
}

const external = (target) => /^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//');

test('finds inline and reference links, and leaves code alone', () => {
  assert.deepEqual(linkTargets('See [a](docs/a.md) and [b](b.md "t").\n[r]: ./r.md\n`[x](no.md)`'), [
    'docs/a.md',
    'b.md',
    './r.md',
  ]);
});

test('every link in the Markdown names a file or folder that a clone has', () => {
  const broken = [];
  const files = markdownFiles();
  assert.ok(files.includes('README.md'), 'the README is tracked');
  for (const file of files) {
    const markdown = readFileSync(join(repo, file), 'utf8');
    for (const target of linkTargets(markdown)) {
      if (external(target) || target.startsWith('#')) continue;
      const path = decodeURIComponent(target.split('#')[0] ?? '');
      if (!path) continue;
      const resolved = normalize(path.startsWith('/') ? join(repo, path) : join(repo, dirname(file), path));
      if (relative(repo, resolved).startsWith('..'))
        broken.push(`${file}: ${target} (outside the repository)`);
      else if (!existsSync(resolved)) broken.push(`${file}: ${target} (missing)`);
    }
  }
  assert.deepEqual(broken, []);
});
