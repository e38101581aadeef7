// Shared vitest settings: every package writes a JSON report when `npm test` asks for one, so the
// root test command can print the totals; packages that run files side by side start their longest first.
import { BaseSequencer, type TestSpecification } from 'vitest/node';

export function reporters(): (string | [string, Record<string, unknown>])[] {
  const out = process.env.POSTURE_TEST_REPORT;
  return out ? ['default', ['json', { outputFile: out }]] : ['default'];
}

/**
 * A sequencer that starts the named files first, in the order given (paths relative to the package), then the
 * rest in vitest's own order: failed first, then longest by the durations vitest keeps of earlier runs, or largest
 * first when it has none, as on a fresh clone. With two files at a time, a long file started last runs on alone
 * while the other worker has nothing left.
 */
export function longestFirst(files: readonly string[]): typeof BaseSequencer {
  return class LongestFirst extends BaseSequencer {
    override async sort(specs: TestSpecification[]): Promise<TestSpecification[]> {
      const rank = (spec: TestSpecification) => {
        const path = spec.moduleId.replace(/\\/g, '/');
        const i = files.findIndex((f) => path.endsWith(`/${f}`));
        return i < 0 ? files.length : i;
      };
      return (await super.sort(specs)).sort((a, b) => rank(a) - rank(b));
    }
  };
}
