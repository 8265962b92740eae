/**
 * Accessibility and layout checks run in the page: axe-core (from npm, injected into the page,
 * nothing fetched) with the WCAG 2.1 A/AA rules, colour contrast included, and the page's width.
 */
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const AXE_SOURCE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: string[];
}

/** Every serious or critical axe violation on the page as it is now (an empty list when there is none). */
export async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  if (!(await page.evaluate('typeof window.axe === "object"'))) await page.addScriptTag({ path: AXE_SOURCE });
  const violations = (await page.evaluate(`
    window.axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] }, resultTypes: ['violations'] })
      .then((result) => result.violations.map((violation) => ({
        id: violation.id,
        impact: violation.impact,
        help: violation.help,
        nodes: violation.nodes.slice(0, 5).map((node) => node.target.join(' ') + ' — ' + (node.failureSummary || '').split('\\n').slice(1, 2).join('')),
      })))
  `)) as AxeViolation[];
  return violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
}

/** A readable list of violations for a failing expectation. */
export function describeViolations(where: string, violations: AxeViolation[]): string {
  return `${where}: ${violations.map((violation) => `${violation.id} (${violation.impact}): ${violation.help}\n    ${violation.nodes.join('\n    ')}`).join('\n  ')}`;
}

/** How much wider than the window the page is (0: no sideways scroll). */
export function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate('Math.max(0, document.documentElement.scrollWidth - window.innerWidth, document.body.scrollWidth - window.innerWidth)') as Promise<number>;
}

/** The element's box within the window: height visible, and whether it is entirely inside. */
export async function visibleBox(page: Page, selector: string): Promise<{ visibleHeight: number; inside: boolean } | null> {
  return (await page.evaluate(`(() => {
    const element = document.querySelector(${JSON.stringify(selector)});
    if (!element) return null;
    const box = element.getBoundingClientRect();
    const top = Math.max(0, box.top);
    const bottom = Math.min(window.innerHeight, box.bottom);
    return { visibleHeight: Math.max(0, bottom - top), inside: box.top >= 0 && box.bottom <= window.innerHeight && box.left >= 0 && box.right <= window.innerWidth };
  })()`)) as { visibleHeight: number; inside: boolean } | null;
}
