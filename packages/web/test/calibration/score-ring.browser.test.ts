// The calibration summary's score ring in Chromium against the real API: a calibration scored 100 shows
// "100/100" inside its ring, not across it.
import { seedCalibration } from '@posture-vision/testkit/accounts';
import { saveScreenshot } from '@posture-vision/testkit/chromium';
import { personPhotoDataUrl } from '@posture-vision/testkit/media';
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedUser, type Dashboard, signedInPage, startDashboard } from '../dashboard/harness';

let dashboard: Dashboard;

beforeAll(async () => {
  dashboard = await startDashboard();
}, 180_000);

afterAll(async () => {
  await dashboard?.stop();
}, 30_000);

/** How far, in pixels, the ring's text reaches past the inside of its ring (0 or less: inside). */
function textBeyondRing(page: Page, selector: string): Promise<number> {
  return page.$eval(selector, (ring) => {
    const box = ring.getBoundingClientRect();
    const border = Number.parseFloat(getComputedStyle(ring).borderTopWidth) || 0;
    const inner = box.width / 2 - border;
    const cx = box.left + box.width / 2;
    const cy = box.top + box.height / 2;
    let worst = Number.NEGATIVE_INFINITY;
    for (const child of ring.children) {
      // The text itself: a range's boxes, not the element's (a block can be wider than its words).
      const range = document.createRange();
      range.selectNodeContents(child);
      for (const r of range.getClientRects())
        for (const [x, y] of [
          [r.left, r.top],
          [r.right, r.top],
          [r.left, r.bottom],
          [r.right, r.bottom],
        ] as const)
          worst = Math.max(worst, Math.hypot(x - cx, y - cy) - inner);
    }
    return worst;
  });
}

describe('the score ring', () => {
  it.each([
    [1280, 900],
    [375, 740],
  ])(
    'holds 100/100 inside its ring at %i px',
    async (width, height) => {
      const user = await createVerifiedUser(dashboard.api, 'Hundred');
      const seeded = await seedCalibration(dashboard.api.url, user.accessToken, personPhotoDataUrl(), {
        overall_score: 100,
        metrics: { cranial_vertebral_angle: 52 },
      });
      expect(seeded.status).toBe(201);
      const { page, close } = await signedInPage(dashboard, user);
      try {
        await page.setViewport({ width, height });
        await page.goto(`${dashboard.web}/dashboard/calibration`);
        await page.waitForSelector('[data-testid="summary-score"] span', { timeout: 30_000 });
        expect(await page.$eval('[data-testid="summary-score"]', (el) => el.textContent)).toBe('100/100');
        expect(await textBeyondRing(page, '[data-testid="summary-score"]')).toBeLessThanOrEqual(0);
        await saveScreenshot(page, 'web-score-ring', `score-ring-${width}`);
      } finally {
        await close();
      }
    },
    90_000,
  );
});
