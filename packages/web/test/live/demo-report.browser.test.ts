// The free demo's time-up in real Chromium against the real API and vision service: a visitor (no account) runs
// the landing page's live tool on a clip of a real person, calibrates, and the Free Tier's time runs out; the
// time-up dialog shows what the demo saw, and the sample report it promises arrives through the API's real
// mailer over SMTP with those same figures. The address is nowhere in the API's data or log afterwards. With the
// mail server gone, the dialog says in words that the report was not sent.
//
// Time is the edge here: the page's one-second intervals (the Free Tier's countdown) are run ten times faster
// once the visitor has calibrated, so the 120 s run out in about twelve; the API's own and the vision service's
// clocks are real, and so is the demo's tally (it reports the twenty-odd seconds of real time the demo took).
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchChromium, saveScreenshot } from '@posture-vision/testkit/chromium';
import { writePersonClip } from '@posture-vision/testkit/media';
import { decodedBody, type SmtpServer, startSmtp } from '@posture-vision/testkit/smtp';
import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Services, startServices } from '../support/live-stack.ts';
import {
  calibrateWhenSteady,
  clickButton,
  removeDir,
  textWaiter,
  waitForMoreDetectionFrames,
} from './harness.ts';

const SUITE = 'web-live-demo-report';
const waitForText = textWaiter(SUITE);

let smtp: SmtpServer;
let services: Services;
let browser: Browser;
let clipDir: string;

beforeAll(async () => {
  clipDir = mkdtempSync(join(tmpdir(), 'pv-demo-clip-'));
  const clip = writePersonClip(join(clipDir, 'person.y4m'));
  smtp = await startSmtp();
  // Its own API: the run's shared one writes mail to its outbox.
  services = await startServices({ name: 'demo-report', apiEnv: { SMTP_URL: smtp.url } });
  browser = await launchChromium({ fakeVideo: clip });
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await services?.stop();
  await smtp?.close();
  removeDir(clipDir);
});

/** Files under dir that contain text (grep -r over the raw bytes). */
function filesContaining(dir: string, text: string): string[] {
  try {
    return execFileSync('grep', ['-rlaF', text, dir], { encoding: 'utf8' }).trim().split('\n');
  } catch {
    return []; // grep exits 1 when nothing matches
  }
}

/** From the next document on, the page's one-second intervals run at the real pace until `__speedUpSeconds(n)`,
 * then n times faster (each tick is scheduled anew, so the change applies to intervals already running). */
async function recordSeconds(page: Page): Promise<void> {
  await page.evaluateOnNewDocument(() => {
    const realSetInterval = window.setInterval.bind(window);
    const realClearInterval = window.clearInterval.bind(window);
    const ticks = new Map<number, number>();
    let speed = 1;
    window.setInterval = ((handler: TimerHandler, delay?: number, ...args: unknown[]) => {
      if (typeof handler !== 'function' || delay !== 1000) return realSetInterval(handler, delay, ...args);
      // An id of the real kind, so clearInterval of any other id stays the browser's.
      const id = realSetInterval(() => undefined, 2 ** 30);
      const arm = () => {
        ticks.set(
          id,
          window.setTimeout(() => {
            arm();
            (handler as (...a: unknown[]) => void)(...args);
          }, 1000 / speed),
        );
      };
      arm();
      return id;
    }) as typeof window.setInterval;
    window.clearInterval = ((id?: number) => {
      if (id !== undefined && ticks.has(id)) {
        window.clearTimeout(ticks.get(id));
        ticks.delete(id);
      }
      realClearInterval(id);
    }) as typeof window.clearInterval;
    (window as unknown as { __speedUpSeconds(n: number): void }).__speedUpSeconds = (n) => {
      speed = n;
    };
  });
}

/** The summary lines the dialog shows, as "label: value" (the mail's text form). */
function summaryLines(page: Page): Promise<string[]> {
  return page.$$eval('[data-testid="demo-summary-line"]', (lines) =>
    lines.map((line) => `${line.querySelector('dt')?.textContent}: ${line.querySelector('dd')?.textContent}`),
  );
}

describe('the free demo time-up (landing page, no account)', () => {
  let page: Page;

  it('shows what the demo saw and mails the same figures to the address given, keeping it nowhere', async () => {
    page = await browser.newPage();
    await page.setViewport({ width: 1280, height: 1000 });
    await recordSeconds(page);
    await page.goto(`${services.site.url}/`);
    await page.waitForSelector('[data-testid="live-tool"]');
    await clickButton(page, 'Start Camera');
    await waitForText(page, 'connection-label', 'Connected', 120_000);
    await calibrateWhenSteady(page);
    await waitForText(page, 'posture-deviation', 'Posture: Aligned', 60_000);
    await waitForMoreDetectionFrames(page, 5);
    await page.evaluate(() =>
      (window as unknown as { __speedUpSeconds(n: number): void }).__speedUpSeconds(10),
    );

    await page.waitForSelector('[data-testid="demo-summary"]', { timeout: 60_000 });
    await waitForText(page, 'live-status', 'Free Tier limit reached');
    const lines = await summaryLines(page);
    expect(lines.map((line) => line.split(': ')[0])).toEqual([
      'Time in the demo',
      'Good posture',
      'Poor posture',
      'Not judged',
    ]);
    // She sat upright after calibrating: some of the demo was judged good.
    expect(lines[1]).not.toBe('Good posture: 0% (0m 0s)');
    await saveScreenshot(page, SUITE, 'time-up-summary');

    const email = `demo-visitor-${Date.now()}@example.com`;
    await page.type('[role="dialog"] input[type="email"]', email);
    await clickButton(page, 'Send me the report');
    await waitForText(page, 'time-up-sent', `A sample report will be sent to ${email}.`);
    expect(
      await page.$eval('[role="dialog"] input[type="email"]', (input) => (input as HTMLInputElement).value),
    ).toBe('');

    const mail = await smtp.mailTo(email);
    expect(mail.data).toMatch(/^Subject: Your Posture Vision sample report$/m);
    const [text = '', html = ''] = decodedBody(mail).split(/Content-Type: text\/html/);
    for (const line of lines) {
      expect(text).toContain(line);
      const [label, value] = line.split(': ') as [string, string];
      expect(html).toContain(`<th align="left">${label}</th><td>${value}</td>`);
    }
    expect(text).toContain('No poor posture with a named cause.');
    expect(filesContaining(services.api.dataDir, email)).toEqual([]);
    expect(services.api.output()).not.toContain(email);
  }, 300_000);

  it('says in words that the report was not sent when the mail server is gone', async () => {
    await smtp.close();
    await page.type('[role="dialog"] input[type="email"]', `demo-later-${Date.now()}@example.com`);
    await clickButton(page, 'Send me the report');
    await waitForText(
      page,
      'time-up-failed',
      'The sample report could not be sent: The mail service is not available right now. Please try again later.',
    );
    expect(await page.$('[data-testid="time-up-sent"]')).toBeNull();
    await saveScreenshot(page, SUITE, 'time-up-not-sent');
  }, 60_000);
});
