// Page helpers for browser tests: a page in its own browser context, and typing and clicking the way a user
// does (by label and by visible text).
import type { Browser, ElementHandle, Page } from 'puppeteer-core';

export interface TestPage {
  page: Page;
  /** Every native alert, confirm and prompt text, in order: the app shows none, so a test can hold it empty. */
  dialogs: string[];
  close(): Promise<void>;
}

/** A page in its own browser context (no shared storage or cookies) that accepts every dialog. */
export async function openPage(browser: Browser, width = 1280, height = 800): Promise<TestPage> {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  await page.setViewport({ width, height });
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    const answer = dialog.type() === 'prompt' ? '' : undefined;
    void dialog.accept(answer);
  });
  return {
    page,
    dialogs,
    close: () => context.close(),
  };
}

/**
 * Types into the input labelled exactly so (clears it first). Navigations are transitions, so the previous page
 * may still be on screen for a moment with a field of the same label: when that field goes away under us, look
 * the label up again.
 */
export async function fill(page: Page, label: string, value: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await fillOnce(page, label, value);
      return;
    } catch (error) {
      if (attempt === 3) throw error;
      await new Promise((r) => setTimeout(r, 300));
    }
  }
}

async function fillOnce(page: Page, label: string, value: string): Promise<void> {
  await page.waitForFunction(
    (l) => [...document.querySelectorAll('label')].some((x) => x.textContent?.trim() === l),
    { timeout: 5000 },
    label,
  );
  const id = await page.$$eval(
    'label',
    (labels, l) => labels.find((x) => x.textContent?.trim() === l)?.getAttribute('for') ?? null,
    label,
  );
  if (!id) throw new Error(`no label "${label}"`);
  const selector = `[id="${id}"]`;
  await page.$eval(selector, (el) => {
    (el as HTMLInputElement).select?.();
  });
  await page.click(selector, { count: 3 });
  await page.keyboard.press('Backspace');
  if (value) await page.type(selector, value);
  // The field must still be the one on screen, holding what was typed.
  const typed = await page.$eval(selector, (el) => (el as HTMLInputElement).value);
  if (typed !== value) throw new Error(`"${label}" holds "${typed}", not "${value}"`);
}

/**
 * Clicks the first visible, enabled element matching the selector (buttons unless told) whose text, with
 * whitespace collapsed, is exactly so.
 */
export async function clickButton(
  page: Page,
  text: string,
  options: { timeout: number; selector?: string },
): Promise<void> {
  const handle = await page
    .waitForFunction(
      (wanted: string, selector: string) =>
        [...document.querySelectorAll<HTMLButtonElement>(selector)].find(
          (el) =>
            el.textContent?.replace(/\s+/g, ' ').trim() === wanted &&
            !el.disabled &&
            el.getClientRects().length > 0 &&
            getComputedStyle(el).visibility !== 'hidden',
        ),
      { timeout: options.timeout },
      text,
      options.selector ?? 'button',
    )
    .catch((error) => {
      throw new Error(`no visible, enabled "${text}" to click at ${page.url()}`, { cause: error });
    });
  const element = handle.asElement() as ElementHandle<Element> | null;
  if (!element) throw new Error(`"${text}" is not an element`);
  // Like a user, bring it to the middle of the screen first: the sticky header may cover its edge.
  await element.evaluate((el) => el.scrollIntoView({ block: 'center', behavior: 'instant' }));
  // And click where it is once it stays there: a page still laying out (a slow machine rendering the page just
  // opened) moves it between where the click is aimed and where it lands, onto its neighbour. Two frames alike, or
  // 30 frames at most (something that keeps moving is clicked where it is then); a hidden page draws no frames.
  // Then the point aimed at must still be the element's own (a late part of the page may have pushed it aside
  // after it stood still): if not, it waits for it to stand still again, a few times at most.
  for (let attempt = 1; ; attempt++) {
    const ownPoint = await element.evaluate(
      (el) =>
        new Promise<boolean>((resolve) => {
          const answer = () => {
            const box = el.getBoundingClientRect();
            const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
            resolve(!!top && (top === el || el.contains(top)));
          };
          if (document.visibilityState === 'hidden') return answer();
          const at = () => JSON.stringify(el.getBoundingClientRect());
          let last = at();
          let frames = 0;
          const check = () => {
            const now = at();
            if (now === last || ++frames >= 30) answer();
            else {
              last = now;
              requestAnimationFrame(check);
            }
          };
          requestAnimationFrame(() => requestAnimationFrame(check));
        }),
    );
    if (ownPoint || attempt === 5) return element.click();
  }
}

/** Waits until the page is at the path (with or without its query). */
export async function waitForPath(page: Page, path: string, timeout: number): Promise<void> {
  await page
    .waitForFunction(
      (p) => location.pathname + location.search === p || location.pathname === p,
      { timeout },
      path,
    )
    .catch((error) => {
      throw new Error(`expected path ${path}, page at ${page.url()}`, { cause: error });
    });
}

export interface FocusStop {
  /** The focused element's text or label, as a keyboard user meets it. */
  name: string;
  /** Drawn with a focus ring (outline or box shadow) that is not the page's background. */
  visible: boolean;
}

/**
 * Presses Tab (only the keyboard, as a user without a mouse) until the focused element's accessible text is
 * `name`; answers every stop on the way with whether its focus was drawn. Fails after `maxTabs` presses.
 */
export async function tabTo(page: Page, name: string, maxTabs = 60): Promise<FocusStop[]> {
  const stops: FocusStop[] = [];
  for (let i = 0; i < maxTabs; i++) {
    await page.keyboard.press('Tab');
    const stop = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      // Not :focus itself: focus is on one of the browser's own parts of the element (a date field's calendar
      // button), which the browser draws its own ring on and a page's style cannot reach.
      if (!el || el === document.body || !el.matches(':focus')) return null;
      const label = el.id ? document.querySelector(`label[for="${CSS.escape(el.id)}"]`)?.textContent : null;
      const wrapping = el.closest('label')?.textContent;
      const name = (el.getAttribute('aria-label') ?? label ?? wrapping ?? el.textContent ?? '')
        .replace(/\s+/g, ' ')
        .trim();
      const style = getComputedStyle(el);
      const outline = style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0;
      const shadow = style.boxShadow !== 'none' && style.boxShadow !== '';
      return { name, visible: outline || shadow };
    });
    if (!stop) continue;
    stops.push(stop);
    if (stop.name === name) return stops;
  }
  throw new Error(`"${name}" not reached in ${maxTabs} Tabs; met ${stops.map((s) => s.name).join(' | ')}`);
}

/** The theme the page shows now ('dark' unless the body says otherwise). */
export const currentTheme = (page: Page): Promise<string> =>
  page.evaluate(() => document.body.getAttribute('data-theme') ?? 'dark');

/** Switches the theme the way the app applies it: data-theme on the body, the dark class on the root. */
export async function applyTheme(page: Page, theme: string): Promise<void> {
  await page.evaluate((t) => {
    document.body.setAttribute('data-theme', t);
    document.documentElement.classList.toggle('dark', t === 'dark');
  }, theme);
}

/** Resolves once no finite animation or transition runs (a theme change or a resize animates colours). */
export async function animationsSettled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Number.POSITIVE_INFINITY,
      ),
  );
}

/**
 * Saves the screen as it is now in both themes at desktop and phone width (`<name>-<theme>-<width>.png`), for a
 * person to look at: the theme is switched the way the app applies it (data-theme on the body, dark class on
 * the root), then the page's own theme and size are put back.
 */
export async function saveScreenshotsBothThemes(page: Page, suite: string, name: string): Promise<void> {
  const { saveScreenshot } = await import('@posture-vision/testkit/chromium');
  const viewport = page.viewport();
  const original = await currentTheme(page);
  for (const theme of ['dark', 'light']) {
    await applyTheme(page, theme);
    for (const width of [1280, 375]) {
      await page.setViewport({ width, height: viewport?.height ?? 800 });
      // From the top (a sticky header would sit mid-picture), once the resize's transitions have run.
      await page.evaluate(() => window.scrollTo(0, 0));
      await animationsSettled(page);
      await saveScreenshot(page, suite, `${name}-${theme}-${width}`);
    }
  }
  await applyTheme(page, original);
  if (viewport) await page.setViewport(viewport);
}
