// Shared vitest settings: every package writes a JSON report when `npm test` asks for one, so the
// root test command can print the totals.
export function reporters(): (string | [string, Record<string, unknown>])[] {
  const out = process.env.POSTURE_TEST_REPORT;
  return out ? ['default', ['json', { outputFile: out }]] : ['default'];
}
