// The root test command's reading of a package's report: a file whose worker died is told apart from failures.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { failedTests, passedOutside, unfinishedFiles } from '../test-report.mjs';

const file = (name, ...statuses) => ({ name, assertionResults: statuses.map((status) => ({ status })) });

test('names the files whose tests stopped part-way when nothing failed', () => {
  const report = {
    numFailedTests: 0,
    testResults: [
      file('/a.test.ts', 'passed', 'passed'),
      file('/link.test.ts', 'passed', 'pending', 'pending'),
    ],
  };
  assert.deepEqual(unfinishedFiles(report), ['/link.test.ts']);
  assert.equal(passedOutside(report, ['/link.test.ts']), 2);
});

test('names the files that never started: a worker they shared died before them', () => {
  const report = { numFailedTests: 0, testResults: [file('/link.test.ts', 'passed', 'pending')] };
  const given = ['/link.test.ts', '/api.test.ts', '/vision.test.ts'];
  assert.deepEqual(unfinishedFiles(report, given), ['/link.test.ts', '/api.test.ts', '/vision.test.ts']);
  assert.equal(passedOutside(report, unfinishedFiles(report, given)), 0);
});

test('names none when a test failed: the run stands', () => {
  const report = {
    numFailedTests: 1,
    testResults: [file('/a.test.ts', 'failed'), file('/link.test.ts', 'passed', 'pending')],
  };
  assert.deepEqual(unfinishedFiles(report), []);
});

test('names none when every test ran', () => {
  assert.deepEqual(unfinishedFiles({ numFailedTests: 0, testResults: [file('/a.test.ts', 'passed')] }), []);
});

test('lists each failed test with its file and the first line of its failure', () => {
  const report = {
    numFailedTests: 1,
    testResults: [
      {
        name: '/repo/packages/api/test/a.test.ts',
        assertionResults: [
          { status: 'passed', fullName: 'works' },
          {
            status: 'failed',
            fullName: 'sessions keeps time',
            failureMessages: ['\nAssertionError: 3 !== 4\n  at x'],
          },
        ],
      },
    ],
  };
  assert.deepEqual(failedTests(report, '/repo/'), [
    'packages/api/test/a.test.ts > sessions keeps time: AssertionError: 3 !== 4',
  ]);
});
