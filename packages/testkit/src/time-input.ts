// Typing a time of day into an <input type="time"> as a user does with the keyboard. Chromium draws the field in
// the browser's locale; the tests' Chromium runs in en-US, a 12-hour field: hour, minute, AM/PM, each segment
// taking its digits and moving on. A value set by script instead (puppeteer's fill) is not seen by React, whose
// change tracking a script's assignment to `value` bypasses.
import type { Page } from 'puppeteer-core';

/** Types "HH:MM" (24-hour) into the time field and answers the value the field then holds. */
export async function typeTime(page: Page, selector: string, time: string): Promise<string> {
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  // Focus lands on the field's first segment, the hour.
  await page.$eval(selector, (el) => (el as HTMLInputElement).focus());
  await page.keyboard.type(
    `${String(hour12).padStart(2, '0')}${String(minutes).padStart(2, '0')}${hours < 12 ? 'A' : 'P'}`,
  );
  return page.$eval(selector, (el) => (el as HTMLInputElement).value);
}
