// Reading a package's vitest JSON report (vitest.shared.ts writes one when `npm test` asks).

/**
 * The test files whose worker died under them: none of the package's tests failed, yet some tests of these files
 * never ran (vitest reports them pending after "Worker exited unexpectedly"; the suite has no skipped tests), or
 * the file is not in the report at all: files that share a worker (test-tiers.mjs) and were to run after the one
 * it died under never start. The only cause seen here is a native crash of @roamhq/wrtc, the Node WebRTC peer
 * that stands in for the browser in core's live-link tests, when peer connections close
 * (WonderInventions/node-webrtc #35): 2 CI runs of about 8. With any failed test the run stands as it is.
 * `files` are the paths the run was given, as the report names them (absolute).
 */
export function unfinishedFiles(report, files = []) {
  if (report.numFailedTests > 0) return [];
  const reported = new Set(report.testResults.map((file) => file.name));
  return [
    ...report.testResults
      .filter((file) => file.assertionResults.some((test) => test.status === 'pending'))
      .map((file) => file.name),
    ...files.filter((file) => !reported.has(file)),
  ];
}

/** Tests passed in the report, leaving out the given files. */
export function passedOutside(report, files) {
  return report.testResults
    .filter((file) => !files.includes(file.name))
    .reduce((n, file) => n + file.assertionResults.filter((t) => t.status === 'passed').length, 0);
}

/**
 * The report's failed tests, each as its file (relative to `base`), its full name and the first line of its
 * failure: the summary at the end of a run lists them, so the last lines of a long log say what failed.
 */
export function failedTests(report, base = '') {
  return report.testResults.flatMap((file) =>
    file.assertionResults
      .filter((t) => t.status === 'failed')
      .map((t) => {
        const message = (t.failureMessages?.[0] ?? '').split('\n').find((line) => line.trim()) ?? '';
        const path = base && file.name.startsWith(base) ? file.name.slice(base.length) : file.name;
        return `${path} > ${t.fullName ?? t.title}: ${message.trim().slice(0, 200)}`;
      }),
  );
}
