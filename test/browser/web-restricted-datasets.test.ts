import type { Locator } from 'playwright-core';
import { restrictedWorld, type RestrictedWorld } from '../support/restricted-datasets';
import { describeInBrowser, signIn, startWebUiHarness, type WebUiHarness } from './web-ui-harness';
import { patient } from '../support/patience';

/**
 * The history panel and a collection's page show a dataset the visitor may not read as the platform
 * did: its hid, name and state, "You do not have permission to view this dataset.", and nothing to
 * peek at, download or open; the datasets beside it as usual.
 */
let ui: WebUiHarness;
let world: RestrictedWorld;

const NO_PERMISSION = 'You do not have permission to view this dataset.';

async function expand(item: Locator): Promise<void> {
  const title = item.getByRole('button').first();
  if ((await title.getAttribute('aria-expanded')) !== 'true') await title.click();
}

describeInBrowser('restricted datasets in the web UI', () => {
  beforeAll(async () => {
    ui = await startWebUiHarness();
    world = await restrictedWorld(ui.h);
  }, patient(180_000));
  afterAll(() => ui?.close());

  it("shows a visitor of a published history its private dataset's line without peek, download or details", async () => {
    const { page, consoleErrors, screenshot } = await ui.newPage();
    await page.goto(`/histories/${world.places.published.historyId}`);
    const list = page.getByRole('list', { name: 'Contents of published history' });
    const privateItem = list.getByRole('listitem').filter({ hasText: 'private data' });
    await privateItem.waitFor();
    await expand(privateItem);
    await privateItem.getByText(NO_PERMISSION).waitFor();
    await privateItem.getByText('no permission').waitFor();
    expect(await privateItem.getByLabel('Peek').count()).toBe(0);
    expect(await privateItem.getByRole('link').count()).toBe(0);
    expect(await privateItem.getByRole('button').count()).toBe(1); // its title only
    expect(await privateItem.innerText()).not.toMatch(/PRIVATE-MARKER/i);

    const openItem = list.getByRole('listitem').filter({ hasText: 'open data' });
    await expand(openItem);
    await openItem.getByLabel('Peek').waitFor();
    await openItem.getByRole('link', { name: 'Download' }).waitFor();
    await screenshot('history-panel-inaccessible-dataset');
    expect(consoleErrors).toEqual([]);
    await page.close();
  }, patient(120_000));

  it('shows the owner the same dataset in full', async () => {
    const { page, consoleErrors } = await ui.newPage();
    await signIn(page, world.alice);
    await page.goto(`/histories/${world.places.published.historyId}`);
    const privateItem = page.getByRole('list', { name: 'Contents of published history' }).getByRole('listitem').filter({ hasText: 'private data' });
    await privateItem.waitFor();
    await expand(privateItem);
    await privateItem.getByLabel('Peek').filter({ hasText: 'PRIVATE-MARKER' }).waitFor();
    expect(await privateItem.getByText(NO_PERMISSION).count()).toBe(0);
    expect(consoleErrors).toEqual([]);
    await page.close();
  }, patient(120_000));

  it("shows a collection's element the user may not read without a link to it", async () => {
    const { page, consoleErrors, screenshot } = await ui.newPage();
    await signIn(page, world.bob);
    await page.goto(`/histories/${world.places.published.historyId}/collections/${world.places.published.collectionId}`);
    const row = page.locator('.element').filter({ hasText: 'restricted' });
    await row.getByText(NO_PERMISSION).waitFor();
    expect(await row.getByRole('link').count()).toBe(0);
    await page.locator('.element').filter({ hasText: 'open' }).getByRole('link', { name: 'open' }).waitFor();
    await screenshot('collection-inaccessible-element');
    expect(consoleErrors).toEqual([]);
    await page.close();
  }, patient(120_000));
});
