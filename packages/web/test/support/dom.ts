// A browser-like global (window, document, localStorage) for unit tests, on the jsdom this package pins (26).
// Vitest's built-in jsdom environment loads the workspace's newest jsdom, which needs Node 22 to start.
import { JSDOM } from 'jsdom';
import { populateGlobal } from 'vitest/environments';

/** Installs a fresh DOM as the global object; import page modules only after calling it. */
export function installDom(url = 'http://localhost:3000/'): JSDOM {
  const dom = new JSDOM('<!DOCTYPE html><html><body></body></html>', { url, pretendToBeVisual: true });
  populateGlobal(globalThis, dom.window, { bindFunctions: true });
  return dom;
}
