import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';

/** axe-core's own script, run in the page under test. */
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: string[] }>;
}

/**
 * The serious and critical violations (WCAG 2 A and AA) of the page as it is now, as readable lines
 * (each naming `screen` first when given): what the browser tests expect to be empty.
 */
export async function seriousViolations(page: Page, screen?: string): Promise<string[]> {
  // Evaluated through the DevTools protocol: the UI's Content-Security-Policy refuses an inline script tag.
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    // Runs in the page, typed here without the DOM library.
    const { axe, document } = globalThis as unknown as { axe: { run(context: unknown, options: unknown): Promise<{ violations: AxeViolation[] }> }; document: unknown };
    const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
    return result.violations;
  });
  const prefix = screen ? `${screen}: ` : '';
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${prefix}${violation.id} (${violation.impact}): ${violation.help} at ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}
