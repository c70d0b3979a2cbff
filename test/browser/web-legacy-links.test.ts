import { describeInBrowser, signIn, startWebUiHarness, type WebUiHarness } from './web-ui-harness';
import { patient } from '../support/patience';

/**
 * The links of 15.05 people keep in papers, wikis and e-mails (issue 34): u/<username>/h/<slug>
 * opens the published history, a private page's address shows the refusal, the old screens open
 * their new ones, and an unknown address shows the UI's "Not found".
 */
let ui: WebUiHarness;

describeInBrowser('the links of 15.05 in the web UI', () => {
  beforeAll(async () => {
    ui = await startWebUiHarness();
  }, patient(180_000));
  afterAll(() => ui?.close());

  it('opens a published history at u/<username>/h/<slug> for a visitor, and refuses a private page at u/<username>/p/<slug>', async () => {
    const rosa = await ui.h.newUser('rosa');
    const created = await ui.h.api.post('/api/histories').send({ key: rosa.key, name: 'Supplementary data' });
    await ui.h.api.put(`/api/histories/${created.body.id}`).send({ key: rosa.key, published: true });
    await ui.h.api.post('/graphql').set('x-api-key', rosa.key).send({
      query: 'mutation ($input: PageInput!) { createPage(input: $input) { id } }',
      variables: { input: { slug: 'lab-notes', title: 'Lab notes', content: '<p>private</p>' } },
    });

    const { page, consoleErrors, screenshot } = await ui.newPage();
    await page.goto('/u/rosa/h/supplementary-data');
    await page.getByRole('heading', { name: 'Supplementary data' }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/histories/${created.body.id}`);
    await screenshot('legacy-link-published-history');

    await page.goto('/u/rosa/p/lab-notes');
    const refusal = page.getByRole('alert');
    await refusal.waitFor();
    expect(await refusal.innerText()).toContain('This page is not accessible to you.');
    await screenshot('legacy-link-private-page-refused');
    // The refusal is the graph's answer, not a script error.
    expect(consoleErrors.filter((line) => !line.includes('403') && !line.includes('ItemAccessibility'))).toEqual([]);
    await page.close();
  });

  it('opens the old screens (/history/list, /tool_runner?tool_id=cat1) at their new places, and an unknown address says "Not found"', async () => {
    const sam = await ui.h.newUser('sam');
    const { page, consoleErrors, screenshot } = await ui.newPage();
    await signIn(page, sam);
    await page.goto('/history/list');
    await page.getByRole('heading', { name: 'Histories' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/histories');
    await page.goto('/tool_runner?tool_id=cat1');
    await page.getByRole('heading', { name: 'Concatenate datasets' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/tools/cat1');
    await page.goto('/no/such/screen');
    await page.getByRole('heading', { name: 'Not found' }).waitFor();
    await screenshot('legacy-link-not-found');
    expect(consoleErrors.filter((line) => !line.includes('404'))).toEqual([]);
    await page.close();
  });
});
