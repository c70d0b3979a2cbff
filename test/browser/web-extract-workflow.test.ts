import { createHistory, datasetText, runTool, uploadText, waitForJob } from '../support/data-helpers';
import { patient } from '../support/patience';
import type { TestUser } from '../support/test-platform';
import { waitForHistory } from '../support/workflow-helpers';
import { seriousViolations } from './axe-audit';
import { PHONE, describeInBrowser, makeCurrent, signIn, startWebUiHarness, type WebUiHarness } from './web-ui-harness';

/**
 * Extract Workflow in the web UI (issue 35, item 2): from a history with three jobs (an upload, Sort,
 * Select first) the history screen's "Extract Workflow" lists the jobs with their outputs and the
 * upload as an input; "Create Workflow" makes the workflow, which offers Edit and Run, and runs.
 */
let ui: WebUiHarness;
let eve: TestUser;
let historyId: string;

/** upload (tabular) -> Sort on column 1 ascending -> Select first 2 lines. */
async function threeJobHistory(user: TestUser, name: string): Promise<string> {
  const id = await createHistory(ui.h, user.key, name);
  const upload = await uploadText(ui.h, user.key, id, '3\tc\n1\ta\n2\tb\n', { fileType: 'tabular', name: 'numbers' });
  await waitForJob(ui.h, user.key, upload.jobId);
  const sort = await runTool(ui.h, user.key, id, 'sort1', { input: { src: 'hda', id: upload.datasetId }, column: '1', order: 'ASC', style: 'num' });
  await waitForJob(ui.h, user.key, sort.jobs[0].id);
  const head = await runTool(ui.h, user.key, id, 'Show beginning1', { input: { src: 'hda', id: sort.outputs[0].id }, lineNum: '2' });
  await waitForJob(ui.h, user.key, head.jobs[0].id);
  return id;
}

describeInBrowser('Extract Workflow from a history in the web UI', () => {
  beforeAll(async () => {
    ui = await startWebUiHarness();
    eve = await ui.h.newUser('eve');
    historyId = await threeJobHistory(eve, 'Sorting experiment');
  }, patient(180_000));
  afterAll(() => ui?.close());

  describe('Extract Workflow keeps the jobs and the upload, creates the workflow, and it runs', () => {
    it('extracts upload, Sort and Select first into a workflow that runs on a new upload and finishes', async () => {
      const { page, consoleErrors, screenshot } = await ui.newPage();
      await signIn(page, eve);
      await page.goto(`/histories/${historyId}`);
      await page.getByRole('heading', { name: 'Sorting experiment', level: 1 }).waitFor();
      await page.getByRole('link', { name: 'Extract Workflow' }).click();
      await page.getByRole('heading', { name: 'Extract Workflow', level: 1 }).waitFor();
      const form = page.getByRole('form', { name: 'Extract Workflow' });
      const input = form.getByRole('checkbox', { name: 'Input dataset 1: numbers' });
      const sort = form.getByRole('checkbox', { name: 'Include Sort (2)' });
      const head = form.getByRole('checkbox', { name: 'Include Select first (3)' });
      await head.waitFor();
      expect([await input.isChecked(), await sort.isChecked(), await head.isChecked()]).toEqual([true, true, true]);
      expect(await form.getByRole('checkbox').count()).toBe(3);
      await form.getByText('2: Sort on data 1').waitFor();
      expect(await form.getByLabel('Workflow name').inputValue()).toBe("Workflow constructed from history 'Sorting experiment'");
      await form.getByLabel('Workflow name').fill('Sorted head');
      await screenshot('extract-workflow-form');
      expect(await seriousViolations(page, 'Extract Workflow')).toEqual([]);

      await form.getByRole('button', { name: 'Create Workflow' }).click();
      const created = page.getByRole('status').filter({ hasText: 'created with 3 steps' });
      await created.waitFor();
      const workflowHref = await created.getByRole('link', { name: 'Sorted head' }).getAttribute('href');
      const workflowId = String(workflowHref).split('/').pop() as string;
      expect(await created.getByRole('link', { name: 'Edit' }).getAttribute('href')).toBe(`/workflows/${workflowId}/edit`);
      await screenshot('extract-workflow-created');
      expect(await seriousViolations(page, 'Extract Workflow created')).toEqual([]);
      await created.getByRole('link', { name: 'Run' }).click();
      await page.waitForURL(`**/workflows/${workflowId}/run`);

      const shown = await ui.h.api.get(`/api/workflows/${workflowId}/download`).query({ key: eve.key });
      expect(Object.values(shown.body.steps as Record<string, { type: string; tool_id: string | null }>).map((step) => step.tool_id ?? step.type)).toEqual(['data_input', 'sort1', 'Show beginning1']);

      // Runs from its run form on a new upload, in a history made the current one, and finishes.
      const target = await createHistory(ui.h, eve.key, 'run of Sorted head');
      const data = await uploadText(ui.h, eve.key, target, '9\tz\n5\ty\n7\tx\n', { fileType: 'tabular', name: 'new numbers' });
      await waitForJob(ui.h, eve.key, data.jobId);
      await makeCurrent(page, 'run of Sorted head');
      await page.goto(`/workflows/${workflowId}/run`);
      await page.getByRole('group', { name: 'Step 2: Sort' }).waitFor();
      await page.getByText('Inputs from the current history, run of Sorted head.').waitFor();
      await page.getByLabel(/^Step 1: /).selectOption({ label: '1: new numbers (tabular, ok)' });
      await screenshot('extract-workflow-run-form');
      await page.getByRole('button', { name: 'Run workflow' }).click();
      await page.getByRole('heading', { name: 'Workflow run' }).waitFor();
      await page.getByRole('status').filter({ hasText: 'Finished: every job is ok.' }).waitFor({ timeout: patient(60_000) });
      const steps = page.getByRole('list', { name: 'Steps of the run' });
      expect(await steps.getByRole('link', { name: /^Job of / }).allTextContents()).toEqual(['Job of Sort', 'Job of Select first']);
      const items = await waitForHistory(ui.h, eve.key, target, 60_000);
      expect(items.map((item) => item.state)).toEqual(['ok', 'ok', 'ok']);
      const last = [...items].sort((a, b) => b.hid - a.hid)[0];
      expect(await datasetText(ui.h, eve.key, last.id)).toBe('5\ty\n7\tx\n');
      await page.goto(`/histories/${target}`);
      await page.getByRole('list', { name: 'Contents of run of Sorted head' }).locator('[data-state="ok"]').nth(2).waitFor({ timeout: patient(30_000) });
      await screenshot('extract-workflow-run-finished');
      expect(consoleErrors).toEqual([]);
      await page.close();
    }, patient(150_000));
  });

  describe('Extract Workflow offers only what is picked, and only to the owner', () => {
    it('leaves out an unticked job, and another user is not offered the link nor the form', async () => {
      const { page, consoleErrors, screenshot } = await ui.newPage(PHONE);
      await signIn(page, eve);
      await page.goto(`/histories/${historyId}/extract-workflow`);
      const form = page.getByRole('form', { name: 'Extract Workflow' });
      await form.getByRole('checkbox', { name: 'Include Select first (3)' }).uncheck();
      await form.getByLabel('Workflow name').fill('Only sorting');
      await screenshot('extract-workflow-phone');
      expect(await seriousViolations(page, 'Extract Workflow (phone)')).toEqual([]);
      await form.getByRole('button', { name: 'Create Workflow' }).click();
      await page.getByRole('status').filter({ hasText: 'created with 2 steps' }).waitFor();
      expect(consoleErrors).toEqual([]);
      await page.close();

      const mallory = await ui.h.newUser('mallory');
      await ui.h.api.put(`/api/histories/${historyId}`).send({ key: eve.key, importable: true });
      const other = await ui.newPage();
      await signIn(other.page, mallory);
      await other.page.goto(`/histories/${historyId}`);
      await other.page.getByRole('heading', { name: 'Sorting experiment', level: 1 }).waitFor();
      expect(await other.page.getByRole('link', { name: 'Extract Workflow' }).count()).toBe(0);
      await other.page.goto(`/histories/${historyId}/extract-workflow`);
      await other.page.getByText('Only the owner of this history extracts a workflow from it.').waitFor();
      expect(await other.page.getByRole('form', { name: 'Extract Workflow' }).count()).toBe(0);
      await other.page.close();
    }, patient(120_000));
  });
});
