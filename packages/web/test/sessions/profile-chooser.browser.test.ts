// The calibration-profile chooser of the real-time session in Chromium against the real API: a new
// user adds two profiles there and switches between them; the choice is the API's (the extension's popup and
// another browser read the same), and the page shows the active one after a reload.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createVerifiedUser, type Dashboard, signedInPage, startDashboard } from '../dashboard/harness';

let dashboard: Dashboard;

beforeAll(async () => {
  dashboard = await startDashboard();
}, 180_000);

afterAll(async () => {
  await dashboard?.stop();
}, 30_000);

describe('calibration profiles in the real-time session', () => {
  it('adds two profiles and switches between them; the API holds the active one', async () => {
    const user = await createVerifiedUser(dashboard.api, 'Profiles');
    const profiles = async () =>
      (
        await call<{ data: { id: string; name: string; active: boolean }[] }>(
          `${dashboard.api.url}/calibration/profiles`,
          { token: user.accessToken },
        )
      ).body.data;
    const { page, close } = await signedInPage(dashboard, user);
    try {
      await page.goto(`${dashboard.web}/dashboard/real-time-session`);
      await page.waitForSelector('[data-testid="profile-chooser"]');
      const add = async (name: string, setup: string) => {
        await page.locator('[data-testid="new-profile-name"]').fill(name);
        await page.select('[data-testid="new-profile-setup"]', setup);
        await page.locator('[data-testid="profile-chooser"] ::-p-text(Add profile)').click();
        await page.waitForFunction(
          (n) =>
            [...document.querySelectorAll('[data-testid="active-profile"] option')].some((o) =>
              o.textContent?.startsWith(n),
            ),
          {},
          name,
        );
      };
      await add('Laptop', 'laptop');
      await add('Standing', 'standing');
      expect((await profiles()).map((p) => [p.name, p.active])).toEqual([
        ['Laptop', true],
        ['Standing', false],
      ]);
      const standing = (await profiles()).find((p) => p.name === 'Standing')?.id as string;
      await page.select('[data-testid="active-profile"]', standing);
      await expect
        .poll(async () => (await profiles()).find((p) => p.active)?.name, { timeout: 15_000, interval: 250 })
        .toBe('Standing');
      await page.reload();
      await page.waitForSelector('[data-testid="active-profile"]');
      expect(
        await page.$eval('[data-testid="active-profile"]', (el) => (el as HTMLSelectElement).value),
      ).toBe(standing);
      // A name the API refuses (taken) says why, in the page.
      await page.locator('[data-testid="new-profile-name"]').fill('Laptop');
      await page.locator('[data-testid="profile-chooser"] ::-p-text(Add profile)').click();
      await page.waitForSelector('[data-testid="profile-chooser"] [role="alert"]');
      expect(await profiles()).toHaveLength(2);
    } finally {
      await close();
    }
  }, 120_000);
});
