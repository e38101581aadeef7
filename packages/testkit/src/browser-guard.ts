// A vitest setup file for the packages with browser tests: a test during which any page broke the content
// security policy fails, whatever it was about. The production server sends the policy on every page the
// browser tests load, so a script, style, worker or connection the policy does not allow shows up here
// before it reaches a user.
import { afterEach } from 'vitest';
import { takeCspViolations } from './csp-violations.ts';

afterEach(() => {
  const violations = takeCspViolations();
  if (violations.length > 0) {
    throw new Error(`content security policy violated:\n${violations.join('\n')}`);
  }
});
