import type { Page } from 'playwright-core';

/** Counts the graph requests of one operation a page sends from now on (by its operation name). */
export function countOperations(page: Page, operationName: string): { count(): number } {
  let count = 0;
  page.on('request', (request) => {
    if (request.url().endsWith('/graphql') && request.method() === 'POST' && (request.postData() ?? '').includes(`${operationName}(`)) count += 1;
  });
  return { count: () => count };
}
