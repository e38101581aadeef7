// The content-security-policy violations the pages of testkit's Chromium reported (chromium.ts reads each
// page's console, where Chromium reports every refused script, style, frame or connection: "Refused to …
// because it violates the following Content Security Policy directive …"), kept apart from chromium.ts so the
// browser-test guard can read them without loading puppeteer into every test file.
const violations: string[] = [];

export function recordCspViolation(text: string): void {
  violations.push(text);
}

/** The violations reported since the last call, oldest first (the browser-test guard fails the test that saw
 * them). */
export function takeCspViolations(): string[] {
  return violations.splice(0, violations.length);
}
