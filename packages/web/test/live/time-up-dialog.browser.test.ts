// The Free Tier's time-up dialog as laid out in Chromium: the component's own markup (rendered with React in a
// DOM, Radix's portal included) with the app's style sheets, at desktop and phone width in both themes. Its
// box must be inside the window: a stale overlay rule of the live tool's sheet put it at x -240, y -384.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { launchChromium, saveScreenshot } from '@posture-vision/testkit/chromium';
import type { Browser } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installDom } from '../support/dom.ts';

installDom();
const { createElement } = await import('react');
const { cleanup, render } = await import('@testing-library/react');
const { TimeUpModal } = await import('../../src/live/TimeUpModal.tsx');

const sheet = (path: string) => readFileSync(fileURLToPath(new URL(path, import.meta.url)), 'utf8');
const STYLES = [
  '../../../ui/src/tokens.css',
  '../../../ui/src/components.css',
  '../../src/styles/global.css',
  '../../src/live/live-tool.css',
]
  .map(sheet)
  .join('\n');

let browser: Browser;
let markup: string;
beforeAll(async () => {
  render(
    createElement(TimeUpModal, {
      onClose: () => undefined,
      summary: {
        goodSeconds: 61,
        poorSeconds: 30,
        notJudgedSeconds: 29,
        issues: { forward_head: 2, tilt: 1 },
      },
    }),
  );
  markup = document.body.innerHTML;
  cleanup();
  browser = await launchChromium();
}, 60_000);
afterAll(async () => {
  await browser?.close();
});

describe('time-up dialog layout', () => {
  for (const theme of ['dark', 'light'] as const) {
    for (const width of [1280, 375]) {
      it(`title, text, e-mail field and both buttons are on screen (${theme}, ${width} px)`, async () => {
        const page = await browser.newPage();
        await page.setViewport({ width, height: 800 });
        await page.setContent(
          `<!doctype html><html><head><style>${STYLES}</style></head><body data-theme="${theme}">${markup}</body></html>`,
        );
        const boxes = await page.evaluate(() =>
          ['.ui-dialog', '.ui-dialog-title', '.ui-dialog-description', 'input[type="email"]', 'button'].map(
            (selector) => {
              const r = (document.querySelector(selector) as Element).getBoundingClientRect();
              return { selector, left: r.left, top: r.top, right: r.right, bottom: r.bottom };
            },
          ),
        );
        for (const box of boxes) {
          expect(box.left, `${box.selector} left`).toBeGreaterThanOrEqual(0);
          expect(box.top, `${box.selector} top`).toBeGreaterThanOrEqual(0);
          expect(box.right, `${box.selector} right`).toBeLessThanOrEqual(width);
          expect(box.bottom, `${box.selector} bottom`).toBeLessThanOrEqual(800);
        }
        await saveScreenshot(page, 'web-live-time-up', `time-up-${theme}-${width}`);
        await page.close();
      }, 30_000);
    }
  }
});
