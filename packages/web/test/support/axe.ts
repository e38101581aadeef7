// axe-core in a puppeteer page: its source is evaluated in the page (nothing is fetched), then axe.run checks
// the document as it is on screen. Browser tests fail on serious and critical violations.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'puppeteer-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string;
  help: string;
  /** Each failing element: its selector and axe's summary of why. */
  nodes: string[];
}

/** Impacts that fail a page: a person who relies on them cannot use it. */
export const BLOCKING_IMPACTS = ['serious', 'critical'];

/** Every axe violation of the page as shown now (WCAG 2.x A and AA rules and axe's best practices). */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  const loaded = await page.evaluate(() => typeof (window as { axe?: unknown }).axe === 'object');
  if (!loaded) await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run(context: Document, options: object): Promise<AxeResults> } }
    ).axe;
    interface AxeResults {
      violations: {
        id: string;
        impact: string | null;
        help: string;
        nodes: { target: unknown[]; failureSummary?: string }[];
      }[];
    }
    const results = await axe.run(document, { resultTypes: ['violations'] });
    return results.violations.map((v) => ({
      id: v.id,
      impact: v.impact ?? 'unknown',
      help: v.help,
      nodes: v.nodes.map((n) => `${n.target.join(' ')}: ${(n.failureSummary ?? '').replace(/\s+/g, ' ')}`),
    }));
  });
}

/** The violations that fail a page (serious or critical). */
export async function blockingViolations(page: Page): Promise<AxeViolation[]> {
  return (await axeViolations(page)).filter((v) => BLOCKING_IMPACTS.includes(v.impact));
}
