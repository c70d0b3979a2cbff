import { createHistory, runTool, uploadText, waitForJob } from '../support/data-helpers';
import { decoded, sql } from '../support/job-helpers';
import { patient } from '../support/patience';
import { seriousViolations } from './axe-audit';
import { testToolDir } from './job-flow-helpers';
import { describeInBrowser, PHONE, signIn, startWebUiHarness, type WebUiHarness, makeCurrent } from './web-ui-harness';

/** "View details" (issue 34, item 3): a job's labelled parameters, inputs, outputs, texts and metrics; administrators see more. */
let ui: WebUiHarness;
let tools: ReturnType<typeof testToolDir>;

/** A user with a history holding greeting.txt (hid 1) and the output (hid 2) of Detail tool run on it. */
async function ranDetailTool(name: string) {
  const user = await ui.h.newUser(name);
  const historyId = await createHistory(ui.h, user.key, `${name} history`);
  const input = await uploadText(ui.h, user.key, historyId, 'hello\n', { name: 'greeting.txt', fileType: 'txt' });
  await waitForJob(ui.h, user.key, input.jobId);
  const run = await runTool(ui.h, user.key, historyId, 'detail_tool', {
    input1: { src: 'hda', id: input.datasetId },
    flag: true,
    order: 'desc',
    'mode|kind': 'slow',
    'mode|passes': 5,
    'queries_0|term': 'alpha',
    'queries_1|term': 'beta',
  });
  const jobId = run.jobs[0].id;
  await waitForJob(ui.h, user.key, jobId);
  return { user, historyId, input, jobId };
}

describeInBrowser('job details in the web UI ("View details")', () => {
  beforeAll(async () => {
    tools = testToolDir();
    ui = await startWebUiHarness({ TOOL_DIRS: tools.dir });
  }, patient(180_000));
  afterAll(async () => {
    await ui?.close();
    tools?.remove();
  });

  it("opens from the output's line in the history panel with labelled parameters, inputs, stdout, exit code and metrics; no administrator fields for the owner", async () => {
    const { user, jobId } = await ranDetailTool('jd-owner');
    const { page, consoleErrors, screenshot } = await ui.newPage();
    await signIn(page, user);
    await makeCurrent(page, 'jd-owner history');
    const row = page.getByRole('listitem').filter({ hasText: /^2: / });
    await row.locator('[data-state="ok"]').waitFor({ timeout: patient(30_000) });
    await row.getByRole('button').first().click();
    await row.getByRole('link', { name: 'Run this job again' }).waitFor();
    await screenshot('job-details-1-history-row');
    await row.getByRole('link', { name: 'View details' }).click();

    await page.getByRole('heading', { name: 'Job details' }).waitFor();
    expect(page.url()).toContain(`/jobs/${jobId}`);
    const job = page.getByRole('definition').first();
    await job.filter({ hasText: 'Detail tool' }).waitFor();
    const parameter = (name: string) => page.locator(`.job-parameter[data-name="${name}"]`).first();
    expect(await parameter('input1').locator('dt').innerText()).toBe('Dataset to read');
    expect(await parameter('input1').locator('dd').innerText()).toBe('1: greeting.txt');
    expect(await parameter('flag').locator('dd').innerText()).toBe('Yes');
    expect(await parameter('order').locator('dd').innerText()).toBe('Descending');
    expect(await parameter('mode|kind').locator('dt').first().innerText()).toBe('Mode');
    expect(await parameter('mode|passes').innerText()).toMatch(/Passes\s+5/);
    expect(await parameter('queries_0').locator('dt').first().innerText()).toBe('Query 1');
    expect(await parameter('queries_1|term').innerText()).toMatch(/Term\s+beta/);
    // Inputs by hid and name, as links to their screens.
    const inputs = page.getByRole('list', { name: 'Input datasets' });
    expect(await inputs.getByRole('link', { name: '1: greeting.txt' }).getAttribute('href')).toMatch(/^\/datasets\/[0-9a-f]+$/);
    await page.getByRole('list', { name: 'Outputs' }).getByRole('link', { name: /^2: / }).waitFor();
    expect(await page.getByLabel('Standard output').innerText()).toContain('read slow');
    expect(await page.getByTestId('exit-code').innerText()).toBe('0');
    const metrics = page.getByRole('definition').locator('xpath=..').filter({ hasText: 'Cores Allocated' });
    await metrics.first().waitFor();
    expect(await page.locator('dl[aria-label="Job metrics"]').innerText()).toMatch(/Job Runtime \(Wall Clock\)\s+[\d.]+ s[\s\S]*Cores Allocated\s+1 core/);
    expect(await page.getByRole('heading', { name: 'For administrators' }).count()).toBe(0);
    expect(await page.getByText('Command line').count()).toBe(0);
    // Run once: no attempts to list.
    expect(await page.getByRole('heading', { name: 'Attempts' }).count()).toBe(0);
    await screenshot('job-details-2-owner');
    expect(await seriousViolations(page)).toEqual([]);

    await page.setViewportSize(PHONE);
    await page.getByRole('heading', { name: 'Job details' }).waitFor();
    await screenshot('job-details-3-phone');
    expect(await seriousViolations(page)).toEqual([]);
    expect(consoleErrors).toEqual([]);
    await page.close();
  }, patient(150_000));

  it('shows an administrator the command line, destination, runner and external id, and where each attempt of a resubmitted job ran', async () => {
    const { jobId } = await ranDetailTool('jd-admin-view');
    // As if a job_conf.xml <resubmit> had sent it on once: a first run killed for its memory on Slurm
    // (the rows a resubmission writes; test/contract/jobs-resubmit*.test.ts make them for real).
    const id = decoded(ui.h, jobId);
    await sql(ui.h, 'update job_attempt set number = 2 where job_id = ?', [id]);
    await sql(
      ui.h,
      `insert into job_attempt (job_id, number, state, destination_id, runner, external_id, external_state, limit_reached, info, start_time, end_time)
       values (?, 1, 'resubmitted', 'small_memory', 'slurm', '77', 'OUT_OF_MEMORY', 'memory_limit_reached', 'This job was terminated because it used more memory than it was allocated.', now() - interval '1 minute', now() - interval '50 seconds')`,
      [id],
    );
    await sql(ui.h, 'update job set resubmissions = 1 where id = ?', [id]);
    const { page, consoleErrors, screenshot } = await ui.newPage();
    await signIn(page, ui.h.admin);
    await page.goto(`/jobs/${jobId}`);
    await page.getByRole('heading', { name: 'For administrators' }).waitFor();
    const admin = page.locator('dl[aria-label="For administrators"]');
    expect(await admin.innerText()).toMatch(/Command line\s+cat '/);
    expect(await admin.innerText()).toMatch(/Runner\s+local/);
    const attempts = page.getByRole('table', { name: 'Attempts, in the order they ran' });
    await attempts.waitFor();
    expect(await attempts.innerText()).toMatch(/1\s+resubmitted\s+memory limit reached\s+This job was terminated because it used more memory[\s\S]*small_memory\s+slurm\s+77\s+OUT_OF_MEMORY/);
    expect(await attempts.innerText()).toMatch(/2\s+ok\s+—[\s\S]*local/);
    await screenshot('job-details-4-administrator');
    expect(await seriousViolations(page)).toEqual([]);
    expect(consoleErrors).toEqual([]);
    await page.close();
  }, patient(120_000));

  it("refuses another user the job, and an upload's line offers View details but not Run this job again", async () => {
    const { user, jobId } = await ranDetailTool('jd-owner2');
    const stranger = await ui.h.newUser('jd-stranger');
    const { page, screenshot } = await ui.newPage();
    await signIn(page, stranger);
    await page.goto(`/jobs/${jobId}`);
    await page.getByRole('alert').filter({ hasText: 'No Job found' }).waitFor();
    await screenshot('job-details-5-refused');
    await page.close();

    const owner = await ui.newPage();
    await signIn(owner.page, user);
    await makeCurrent(owner.page, 'jd-owner2 history');
    const upload = owner.page.getByRole('listitem').filter({ hasText: /^1: greeting\.txt/ });
    await upload.getByRole('button').first().click();
    await upload.getByRole('link', { name: 'View details' }).waitFor();
    expect(await upload.getByRole('link', { name: 'Run this job again' }).count()).toBe(0);
    expect(owner.consoleErrors).toEqual([]);
    await owner.page.close();
  }, patient(120_000));
});
