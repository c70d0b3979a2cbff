import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';

const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: string[] }>;
}

/**
 * The serious and critical axe-core violations (WCAG 2 A and AA) of the page as it is now, as
 * readable lines: the check of web-accessibility.test.ts, for a screen in a state a flow reaches
 * (a panel in select mode, a builder open).
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  // Evaluated through the DevTools protocol: the UI's Content-Security-Policy refuses an inline script tag.
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const { axe, document } = globalThis as unknown as { axe: { run(context: unknown, options: unknown): Promise<{ violations: AxeViolation[] }> }; document: unknown };
    const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
    return result.violations;
  });
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.help} at ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

/** Counts the graph requests of one operation a page sends from now on (by its operation name). */
export function countOperations(page: Page, operationName: string): { count(): number } {
  let count = 0;
  page.on('request', (request) => {
    if (request.url().endsWith('/graphql') && request.method() === 'POST' && (request.postData() ?? '').includes(`${operationName}(`)) count += 1;
  });
  return { count: () => count };
}
