import type { Page } from 'playwright-core';
import { copyHeadWorkflow } from '../support/workflow-helpers';
import { PHONE, describeInBrowser, signIn, startWebUiHarness, type WebUiHarness } from './web-ui-harness';
import { patient } from '../support/patience';
import { createHistory, uploadText, waitForJob } from '../support/data-helpers';

/** Sharing in the web UI: a history shared with another user, who sees and opens it; a visitor refused. */
let ui: WebUiHarness;

const mainMenu = (page: Page, name: string) => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true });

describeInBrowser('sharing in the web UI', () => {
  beforeAll(async () => {
    ui = await startWebUiHarness();
  }, patient(180_000));
  afterAll(() => ui?.close());

  it('shares a history with another user, who finds it in their "shared with me" list and opens it; a visitor is refused it', async () => {
    const kim = await ui.h.newUser('kim');
    const lee = await ui.h.newUser('lee');
    const owner = await ui.newPage();
    await signIn(owner.page, kim);
    await owner.page.goto('/histories');
    await owner.page.getByLabel('New history name').fill('Shared results');
    await owner.page.getByRole('button', { name: 'Create history' }).click();
    await owner.page.getByRole('heading', { name: 'Shared results' }).waitFor();
    const historyPath = new URL(owner.page.url()).pathname;

    await mainMenu(owner.page, 'Sharing').click();
    await owner.page.getByRole('link', { name: 'Share Shared results' }).click();
    await owner.page.getByRole('heading', { name: 'Share history “Shared results”' }).waitFor();
    await owner.page.getByLabel('Share with (email)').fill(lee.email);
    await owner.page.getByRole('button', { name: 'Share', exact: true }).click();
    await owner.page.getByRole('button', { name: `Stop sharing with ${lee.email}` }).waitFor();
    await owner.page.getByLabel('Share with (email)').fill('nobody@example.org');
    await owner.page.getByRole('button', { name: 'Share', exact: true }).click();
    await owner.page.getByRole('alert').filter({ hasText: 'nobody@example.org' }).waitFor();
    await owner.screenshot('sharing-history');
    expect(owner.consoleErrors).toEqual([]);
    await owner.page.close();

    const { page, consoleErrors, screenshot } = await ui.newPage();
    await signIn(page, lee);
    await mainMenu(page, 'Shared with me').click();
    await page.getByRole('heading', { name: 'Shared with me' }).waitFor();
    await page.getByRole('link', { name: 'Shared results' }).click();
    await page.getByRole('heading', { name: 'Shared results' }).waitFor();
    expect(new URL(page.url()).pathname).toBe(historyPath);
    await screenshot('shared-with-me-opened');
    await page.goBack();
    await page.getByRole('heading', { name: 'Shared with me' }).waitFor();
    expect(consoleErrors).toEqual([]);
    await page.close();

    const visitor = await ui.newPage();
    await visitor.page.goto(historyPath);
    await visitor.page.getByRole('alert').waitFor();
    const refusal = await visitor.page.getByRole('alert').innerText();
    expect(refusal).toMatch(/not accessible|not allowed|permission|access/i);
    await visitor.screenshot('private-history-visitor');
    await visitor.page.close();
  }, patient(150_000));

  it('publishes a history; it appears in the published list, and a visitor opens it', async () => {
    const max = await ui.h.newUser('max');
    const owner = await ui.newPage();
    await signIn(owner.page, max);
    await owner.page.goto('/histories');
    await owner.page.getByLabel('New history name').fill('Open data');
    await owner.page.getByRole('button', { name: 'Create history' }).click();
    await owner.page.getByRole('heading', { name: 'Open data' }).waitFor();
    await owner.page.goto('/sharing');
    await owner.page.getByRole('link', { name: 'Share Open data' }).click();
    await owner.page.getByLabel('Published (listed for everyone)').click();
    await owner.page.getByText('Anyone with this link may see it').waitFor();
    await expectChecked(owner.page, 'Accessible by link');
    await mainMenu(owner.page, 'Published').click();
    await owner.page.getByRole('link', { name: 'Open data' }).waitFor();
    await owner.screenshot('published-list');
    expect(owner.consoleErrors).toEqual([]);
    await owner.page.close();

    const visitor = await ui.newPage();
    await visitor.page.goto('/published');
    await visitor.page.getByRole('link', { name: 'Open data' }).click();
    await visitor.page.getByRole('heading', { name: 'Open data' }).waitFor();
    expect(visitor.consoleErrors).toEqual([]);
    await visitor.page.close();
  }, patient(120_000));

  it('publishes a page; another user reads it as HTML from the published list, without its script; so does a visitor', async () => {
    const nia = await ui.h.newUser('nia');
    const created = await ui.h.api
      .post('/api/pages')
      .query({ key: nia.key })
      .send({ slug: 'methods', title: 'Methods', content: '<h2>How we did it</h2><p>Reads were <em>trimmed</em>.</p><script>window.pwned = true</script>' });
    expect(created.status).toBe(200);
    const owner = await ui.newPage();
    await signIn(owner.page, nia);
    await owner.page.goto(`/sharing/pages/${created.body.id}`);
    await owner.page.getByRole('heading', { name: 'Share page “Methods”' }).waitFor();
    await owner.page.getByLabel('Published (listed for everyone)').click();
    await owner.page.getByText('Anyone with this link may see it').waitFor();
    expect(owner.consoleErrors).toEqual([]);
    await owner.page.close();

    // Another user reads it from the published list.
    const omar = await ui.h.newUser('omar');
    const { page, consoleErrors, screenshot } = await ui.newPage();
    await signIn(page, omar);
    await mainMenu(page, 'Published').click();
    await page.getByRole('link', { name: 'Methods' }).click();
    await page.getByRole('heading', { name: 'How we did it' }).waitFor();
    await page.getByText('Reads were trimmed.').waitFor();
    expect(await page.evaluate("'pwned' in window")).toBe(false);
    await screenshot('published-page');
    const pagePath = new URL(page.url()).pathname;
    expect(consoleErrors).toEqual([]);
    await page.close();

    const visitor = await ui.newPage();
    await visitor.page.goto(pagePath);
    await visitor.page.getByRole('heading', { name: 'How we did it' }).waitFor();
    expect(visitor.consoleErrors).toEqual([]);
    await visitor.page.close();
  }, patient(120_000));

  it('shares a workflow with another user, who finds it among the workflows shared with them and copies it, at 390 pixels wide', async () => {
    const quinn = await ui.h.newUser('quinn');
    const rosa = await ui.h.newUser('rosa');
    const owner = await ui.newPage(PHONE);
    await signIn(owner.page, quinn);
    await owner.page.goto('/workflows');
    await owner.page
      .getByLabel('Workflow file (.ga)')
      .setInputFiles({ name: 'shared.ga', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(copyHeadWorkflow('Team pipeline'))) });
    await owner.page.getByRole('button', { name: 'Import workflow' }).click();
    await owner.page.getByRole('link', { name: 'Share or publish' }).click();
    await owner.page.getByRole('heading', { name: /^Share workflow “Team pipeline/ }).waitFor();
    await owner.page.getByLabel('Share with (email)').fill(rosa.email);
    await owner.page.getByRole('button', { name: 'Share', exact: true }).click();
    await owner.page.getByRole('button', { name: `Stop sharing with ${rosa.email}` }).waitFor();
    await owner.screenshot('sharing-workflow-phone');
    expect(owner.consoleErrors).toEqual([]);
    await owner.page.close();

    const { page, consoleErrors, screenshot } = await ui.newPage(PHONE);
    await signIn(page, rosa);
    await page.goto('/workflows');
    await page.getByText('No workflows here.').waitFor();
    await page.getByRole('navigation', { name: 'Workflow lists' }).getByRole('link', { name: 'Shared with me' }).click();
    await page.getByRole('link', { name: /^Team pipeline/ }).click();
    await page.getByRole('button', { name: 'Copy to my workflows' }).click();
    await page.getByRole('heading', { name: /^imported: Team pipeline/ }).waitFor();
    await page.getByRole('link', { name: 'Workflows', exact: true }).first().click();
    await page.getByRole('link', { name: /^imported: Team pipeline/ }).waitFor();
    await screenshot('workflow-shared-copied-phone');
    expect(consoleErrors).toEqual([]);
    await page.close();
  }, patient(120_000));

  it('imports a published history as one\'s own with "Import history"; a visitor is not offered it (issue 34)', async () => {
    const tess = await ui.h.newUser('tess');
    const ugo = await ui.h.newUser('ugo');
    const historyId = await createHistory(ui.h, tess.key, 'Published reads');
    await waitForJob(ui.h, tess.key, (await uploadText(ui.h, tess.key, historyId, 'ACGT\n', { name: 'reads.txt' })).jobId);
    await ui.h.api.put(`/api/histories/${historyId}`).send({ key: tess.key, published: true });

    const visitor = await ui.newPage();
    await visitor.page.goto(`/histories/${historyId}`);
    await visitor.page.getByRole('heading', { name: 'Published reads' }).waitFor();
    expect(await visitor.page.getByRole('button', { name: 'Import history' }).count()).toBe(0);
    await visitor.page.close();

    const { page, consoleErrors, screenshot } = await ui.newPage();
    await signIn(page, ugo);
    await page.goto(`/histories/${historyId}`);
    await page.getByRole('heading', { name: 'Published reads' }).waitFor();
    await page.getByRole('button', { name: 'Import history' }).click();
    await page.getByRole('heading', { name: 'imported: Published reads' }).waitFor();
    expect(new URL(page.url()).pathname).not.toBe(`/histories/${historyId}`);
    await page.getByRole('list', { name: 'Contents of imported: Published reads' }).getByRole('listitem').filter({ hasText: 'reads.txt' }).waitFor();
    // It is theirs: they may rename it, and it is not offered for import again.
    await page.getByRole('button', { name: 'Rename history' }).waitFor();
    expect(await page.getByRole('button', { name: 'Import history' }).count()).toBe(0);
    await screenshot('history-imported');
    expect(consoleErrors).toEqual([]);
    await page.close();
  }, patient(120_000));
});

async function expectChecked(page: Page, label: string): Promise<void> {
  expect(await page.getByLabel(label).isChecked()).toBe(true);
}
