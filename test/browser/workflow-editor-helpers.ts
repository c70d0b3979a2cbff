import type { Locator, Page } from 'playwright-core';
import { patient } from '../support/patience';

/** Helpers of the workflow editor's browser tests: the canvas's steps, connections drawn with the mouse, tools added. */
export const node = (page: Page, key: string) => page.locator(`.react-flow__node[data-id="${key}"]`);
export const edgeCount = (page: Page) => page.locator('.react-flow__edge').count();

/** Waits until the locator matches `count` elements (the canvas redraws after a change). */
export async function countIs(locator: Locator, count: number): Promise<void> {
  const deadline = Date.now() + patient(10_000);
  let seen = await locator.count();
  while (seen !== count) {
    if (Date.now() > deadline) throw new Error(`expected ${count} of ${locator.toString()}, saw ${seen}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    seen = await locator.count();
  }
}

/** The element's box once the canvas stops moving it (Auto layout fits the view just after). */
async function settledBox(locator: Locator): Promise<{ x: number; y: number; width: number; height: number }> {
  const deadline = Date.now() + patient(10_000);
  let last = await locator.boundingBox();
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 150));
    const now = await locator.boundingBox();
    if (now && last && now.x === last.x && now.y === last.y) return now;
    if (Date.now() > deadline) throw new Error(`${locator.toString()} never settled`);
    last = now;
  }
}

/** Drags from an output handle of one step to an input handle of another, as a person does. */
export async function connect(page: Page, from: string, output: string, to: string, input: string): Promise<void> {
  const source = node(page, from).locator(`.react-flow__handle.source[data-handleid="${output}"]`);
  const target = node(page, to).locator(`.react-flow__handle.target[data-handleid="${input}"]`);
  // The whole canvas in the viewport: the mouse reaches only what is on screen.
  await page.locator('.wf-editor-canvas').evaluate((element) => element.scrollIntoView({ block: 'start' }));
  const a = await settledBox(source);
  const b = await settledBox(target);
  if (!a || !b) throw new Error('handle not visible');
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2, { steps: 5 });
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 5 });
  await page.mouse.up();
}

export async function addTool(page: Page, search: string, name: string): Promise<void> {
  await page.getByRole('searchbox', { name: 'Search tools' }).fill(search);
  await page.getByRole('button', { name: `Add ${name}`, exact: true }).click();
}

