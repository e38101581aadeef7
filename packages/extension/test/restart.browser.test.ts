// A browser closed while monitoring and opened again on the same profile, as a user restarts Chrome. The stored
// state outlives the browser; the offscreen document with the camera and the live link does not. Monitoring
// must resume (the user left it on) and say so truly, and the run the closing cut off must count only the time
// it was judged.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchChromium, saveScreenshot } from '@posture-vision/testkit/chromium';
import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MONITOR_TEXTS } from '../src/offscreen/passive-monitor';
import type { MonitorState } from '../src/state/monitor-state';
import { get, post } from './api-user';
import { type ExtensionStack, startExtensionStack } from './extension-stack';
import { openPopup, POOR_POSTURE_TEXTS, startMonitoring, waitForPopupText } from './popup';

const SUITE = 'extension-restart';

let stack: ExtensionStack;
let profileDir: string;
let browser: Browser;
let popup: Page;

interface Session {
  id: string;
  startTime: string;
  endTime: string | null;
  duration: number | null;
}
interface Report {
  endTime: string | null;
  timeline: { timestamp: string; postureStatus: string }[];
}

const history = async () =>
  (await get(stack.api, '/sessions/history', stack.user.accessToken)).data as Session[];
const report = async (id: string) =>
  (await get(stack.api, `/sessions/${id}/report`, stack.user.accessToken)).data as Report;
const activeSession = async () =>
  ((await get(stack.api, '/sessions/active', stack.user.accessToken)).data as { id: string } | null)?.id ??
  null;

/** What the popup reads: the stored monitor state. */
const stored = async () =>
  ((await popup.evaluate(() => chrome.storage.local.get('monitor'))) as { monitor: MonitorState }).monitor;

const offscreenDocuments = () =>
  popup.evaluate(
    async () =>
      (
        await chrome.runtime.getContexts({
          contextTypes: ['OFFSCREEN_DOCUMENT' as chrome.runtime.ContextType],
        })
      ).length,
  );

/** Closes the browser and opens it again on the same profile (with this camera clip, or a test pattern). */
async function restartBrowser(fakeVideo?: string): Promise<number> {
  await browser.close();
  const reopenedAt = Date.now();
  browser = await launchChromium({ extension: stack.extensionDir, fakeVideo, userDataDir: profileDir });
  // The popup's own width (Chrome sizes a popup to its content, up to 600 px high).
  ({ popup } = await openPopup(browser, { width: 368, height: 100 }));
  return reopenedAt;
}

/** The popup as it is now, in both themes (it follows the system's colour scheme). */
async function savePopupBothThemes(name: string): Promise<void> {
  for (const theme of ['dark', 'light'] as const) {
    await popup.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: theme }]);
    await popup.waitForFunction((t) => document.body.dataset.theme === t, {}, theme);
    await popup.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
    await saveScreenshot(popup, SUITE, `${name}-${theme}`);
  }
}

beforeAll(async () => {
  profileDir = mkdtempSync(join(tmpdir(), 'pv-profile-'));
  stack = await startExtensionStack({
    name: 'restart',
    vision: 'service',
    signIn: true,
    userDataDir: profileDir,
  });
  ({ browser, popup } = stack);
}, 300_000);

afterAll(async () => {
  // The stack closes the browser it launched; the one opened here is closed first.
  await browser?.close();
  await stack?.stop();
  rmSync(profileDir, { recursive: true, force: true });
});

describe('Passive monitoring across a browser restart', () => {
  let before: string;

  it('resumes after the browser is opened again, and the cut-off session ends where it was last judged', async () => {
    await startMonitoring(browser, popup);
    await waitForPopupText(popup, 'posture', ['Good posture', ...POOR_POSTURE_TEXTS], 90_000);
    before = (await activeSession()) as string;
    // The session has judged feedback before the browser closes.
    await expect
      .poll(async () => (await report(before)).timeline.some((p) => p.postureStatus !== 'neutral'), {
        timeout: 30_000,
        interval: 500,
      })
      .toBe(true);

    const reopenedAt = await restartBrowser(stack.camera.path);
    // Running again, not a state left over from before: an offscreen document holds the camera, and postures
    // judged since the restart arrive.
    // Polled so that a run that never resumes fails showing the monitor's state as the popup read it last.
    await expect
      .poll(
        () =>
          popup.evaluate(() =>
            chrome.storage.local
              .get('monitor')
              .then(({ monitor }) => (monitor ?? null) as MonitorState | null),
          ),
        { timeout: 90_000, interval: 500 },
      )
      .toSatisfy(
        (monitor: MonitorState | null) =>
          monitor?.phase === 'monitoring' && (monitor.postureAt ?? 0) > reopenedAt,
      );
    expect(await offscreenDocuments()).toBe(1);
    expect(await waitForPopupText(popup, 'connection', ['Connected'], 30_000)).toBe('Connected');
    await savePopupBothThemes('popup-resumed-after-restart');

    // The session the closing cut off ended at its last feedback: the closed browser's time is not in it.
    const cut = await report(before);
    expect(cut.endTime).toBe(cut.timeline.at(-1)?.timestamp);
    expect(new Date(cut.endTime as string).getTime()).toBeLessThan(reopenedAt);
    // The resumed run is a session of its own, receiving feedback.
    const after = await activeSession();
    expect(after).not.toBeNull();
    expect(after).not.toBe(before);
    expect((await stored()).sessionId).toBe(after);
  });

  it('a run that never judges anything ends with no time in it', async () => {
    const previous = (await activeSession()) as string;
    // A new desk setup not calibrated yet: the monitor must take a reference, and the camera (a test pattern)
    // shows nobody to take it from.
    const profile = await post(stack.api, '/calibration/profiles', stack.user.accessToken, {
      name: 'Empty desk',
      setup: 'other',
    });
    await post(stack.api, `/calibration/profiles/${profile.data.id}/activate`, stack.user.accessToken, {});

    await restartBrowser();
    await waitForPopupText(popup, 'phase', ['Calibrating'], 90_000);
    expect(await waitForPopupText(popup, 'message', [MONITOR_TEXTS.calibrating], 5_000)).toBe(
      MONITOR_TEXTS.calibrating,
    );
    // The hint is in view as the popup opens, not below the day's figures.
    const hint = await popup.$eval('[data-testid="message"]', (el) => {
      const box = el.getBoundingClientRect();
      const view = (document.querySelector('.popup') as Element).getBoundingClientRect();
      return { top: box.top, bottom: box.bottom, viewTop: view.top, viewBottom: view.bottom };
    });
    expect(hint.top).toBeGreaterThanOrEqual(hint.viewTop);
    expect(hint.bottom).toBeLessThanOrEqual(hint.viewBottom);
    expect(await offscreenDocuments()).toBe(1);
    await savePopupBothThemes('popup-calibrating-after-restart');
    const previousReport = await report(previous);
    expect(previousReport.endTime).toBe(previousReport.timeline.at(-1)?.timestamp);

    const unjudged = (await activeSession()) as string;
    expect(unjudged).not.toBe(previous);
    await popup.locator('::-p-text(Stop monitoring)').click();
    await waitForPopupText(popup, 'phase', ['Not monitoring'], 30_000);
    expect(await offscreenDocuments()).toBe(0);
    // Ended at its start: no minutes of N/A in the history, nothing in its report.
    const ended = (await history()).find((s) => s.id === unjudged);
    expect(ended?.endTime).toBe(ended?.startTime);
    expect(ended?.duration).toBe(0);
    expect((await report(unjudged)).timeline).toEqual([]);
  });
});
