// Time passing in a page without waiting for it: the page's timers are recorded as they are set, and a test
// fires those due within a span at once, as a fake clock does (the timers are the edge; what they do is real).
import type { Page } from 'puppeteer-core';

interface TimerWindow {
  pvFirePendingTimers?: (withinMs: number) => number;
}

/** From the next document on, records every setTimeout of the page so firePendingTimers can run it early. */
export async function recordTimers(page: Page): Promise<void> {
  await page.evaluateOnNewDocument(() => {
    const pending = new Map<number, { due: number; run: () => void }>();
    const set = window.setTimeout.bind(window);
    const clear = window.clearTimeout.bind(window);
    const timed = (handler: TimerHandler, delay?: number, ...args: unknown[]): number => {
      if (typeof handler !== 'function') return set(handler, delay, ...args);
      const run = () => (handler as (...a: unknown[]) => void)(...args);
      const id = set(() => {
        pending.delete(id);
        run();
      }, delay);
      pending.set(id, { due: performance.now() + (Number(delay) || 0), run });
      return id;
    };
    window.setTimeout = timed as typeof window.setTimeout;
    window.clearTimeout = ((id?: number) => {
      if (id !== undefined) pending.delete(id);
      clear(id);
    }) as typeof window.clearTimeout;
    (window as TimerWindow).pvFirePendingTimers = (withinMs) => {
      const until = performance.now() + withinMs;
      let fired = 0;
      for (const [id, timer] of [...pending]) {
        if (timer.due > until) continue;
        pending.delete(id);
        clear(id);
        timer.run();
        fired++;
      }
      return fired;
    };
  });
}

/**
 * Lets `withinMs` of the page's time pass at once: every recorded timer due by then fires now (one round; a
 * timer they set is left for the next call). Returns how many fired.
 */
export function firePendingTimers(page: Page, withinMs: number): Promise<number> {
  return page.evaluate((ms) => {
    const fire = (window as TimerWindow).pvFirePendingTimers;
    if (!fire) throw new Error('recordTimers(page) was not called before the page loaded');
    return fire(ms);
  }, withinMs);
}
