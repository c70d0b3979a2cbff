import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createHistory, runTool, uploadText, waitForJob } from '../support/data-helpers';
import { toolDirWith, waitForJobState } from '../support/job-helpers';
import { patient } from '../support/patience';
import type { TestUser } from '../support/test-platform';
import { seriousViolations } from './axe-audit';
import { describeInBrowser, PHONE, signIn, startWebUiHarness, type WebUiHarness } from './web-ui-harness';

/**
 * The administration's Jobs and Server screens (issue 36, items 4 and 7): an administrator locks
 * new jobs (a tool run stays queued), unlocks them (it runs), cancels a running job, watches the live
 * counts move without reloading, finds both actions in the audit log, and reads the server's status.
 */
const SLEEP_SECONDS = '43.5';
const SLEEPER = `<tool id="admin_ui_sleeper" name="Sleep" version="1.0.0">
  <command>sleep $seconds &amp;&amp; echo done > $out_file1</command>
  <inputs><param name="seconds" type="float" value="1" label="Seconds"/></inputs>
  <outputs><data name="out_file1" format="txt"/></outputs>
</tool>
`;

let ui: WebUiHarness;
let toolDir: string;
let alice: TestUser;
let historyId: string;
let inputId: string;

const sleepers = () =>
  execFileSync('ps', ['-eo', 'args'], { encoding: 'utf8' })
    .split('\n')
    .filter((line) => line.startsWith(`sleep ${SLEEP_SECONDS}`));

describeInBrowser('the administration: jobs and server', () => {
  beforeAll(async () => {
    toolDir = toolDirWith('sleeper.xml', SLEEPER);
    ui = await startWebUiHarness({ TOOL_DIRS: toolDir, LOCAL_JOB_WORKERS: '2' });
    alice = await ui.h.newUser('alice');
    historyId = await createHistory(ui.h, alice.key, 'alice at work');
    const upload = await uploadText(ui.h, alice.key, historyId, 'one\ntwo\n', { fileType: 'txt', name: 'input.txt' });
    inputId = upload.datasetId;
    await waitForJob(ui.h, alice.key, upload.jobId);
  }, patient(180_000));
  afterAll(async () => {
    await ui?.close();
    rmSync(toolDir, { recursive: true, force: true });
  });

  it('locks new jobs (a run stays queued), unlocks them (it runs), cancels a running job, with live counts and the audit log', async () => {
    const { h } = ui;
    const { page, consoleErrors, screenshot } = await ui.newPage();
    await signIn(page, h.admin);
    await page.goto('/admin');
    await page.getByRole('navigation', { name: 'Administration' }).getByRole('link', { name: 'Jobs' }).click();
    await page.getByRole('heading', { level: 1, name: 'Jobs' }).waitFor();
    const queuedCell = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'All destinations' }) }).locator('td[data-state="queued"]');
    await queuedCell.filter({ hasText: /^0$/ }).waitFor();

    await page.getByRole('button', { name: 'Lock new jobs' }).click();
    await page.getByRole('status').filter({ hasText: 'New jobs are locked' }).waitFor();
    const locked = await runTool(h, alice.key, historyId, 'cat1', { input1: { src: 'hda', id: inputId } });
    // The live count moves without a reload (jobCountsChanged), and the job waits queued.
    await queuedCell.filter({ hasText: /^1$/ }).waitFor();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect((await h.api.get(`/api/jobs/${locked.jobs[0].id}`).query({ key: alice.key })).body.state).toBe('queued');
    await screenshot('admin-jobs-locked');

    await page.getByRole('button', { name: 'Unlock new jobs' }).click();
    await page.getByRole('status').filter({ hasText: 'New jobs are not locked' }).waitFor();
    expect((await waitForJob(h, alice.key, locked.jobs[0].id)).state).toBe('ok');
    await queuedCell.filter({ hasText: /^0$/ }).waitFor();

    // A running job, selected in the list and cancelled: its command stops.
    const slow = await runTool(h, alice.key, historyId, 'admin_ui_sleeper', { seconds: SLEEP_SECONDS });
    const slowId = slow.jobs[0].id;
    await waitForJobState(h, alice.key, slowId, ['running']);
    const runningCell = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'All destinations' }) }).locator('td[data-state="running"]');
    await runningCell.filter({ hasText: /^1$/ }).waitFor();
    await page.getByRole('button', { name: 'Refresh the list' }).click();
    const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: slowId }) });
    await row.filter({ hasText: 'running' }).waitFor();
    await expect(row.textContent()).resolves.toContain(alice.email);
    await row.getByRole('checkbox', { name: `Select job ${slowId}` }).check();
    await page.getByLabel('Reason (shown with the cancelled job)').fill('maintenance');
    await page.getByRole('button', { name: 'Cancel selected jobs (1)' }).click();
    await page.getByRole('status').filter({ hasText: 'Cancelled 1 job.' }).waitFor();
    await row.filter({ hasText: 'deleted' }).waitFor();
    await runningCell.filter({ hasText: /^0$/ }).waitFor();
    expect((await h.api.get(`/api/jobs/${slowId}`).query({ key: alice.key })).body.state).toBe('deleted');
    const deadline = Date.now() + patient(10_000);
    while (sleepers().length > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(sleepers()).toEqual([]);
    await screenshot('admin-jobs');
    const violations = await seriousViolations(page, 'jobs 1280');

    // Both actions are on record.
    await page.getByRole('navigation', { name: 'Administration' }).getByRole('link', { name: 'Audit log' }).click();
    const filters = page.getByRole('search', { name: 'Filter the audit log' });
    await filters.getByLabel('Action').fill('job');
    await filters.getByRole('button', { name: 'Filter' }).click();
    await page.getByRole('rowheader', { name: 'job.cancel' }).waitFor();
    expect(await page.getByRole('rowheader', { name: 'job.lock' }).count()).toBe(2);
    await expect(page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'job.cancel' }) }).textContent()).resolves.toContain(slowId);

    // The Server screen.
    await page.getByRole('navigation', { name: 'Administration' }).getByRole('link', { name: 'Server' }).click();
    await page.getByRole('heading', { level: 1, name: 'Server' }).waitFor();
    const facts = page.locator('dl.admin-facts');
    await expect(facts.textContent()).resolves.toMatch(/Version15\.05\.1/);
    await expect(facts.textContent()).resolves.toMatch(/DatabasePostgreSQL server \(DATABASE_URL\), version \d+/);
    await expect(facts.textContent()).resolves.toContain('Not configured');
    const processes = page.getByRole('table', { name: 'Server processes and their heartbeats' });
    await expect(processes.getByRole('row').filter({ hasText: `:${process.pid}:` }).textContent()).resolves.toContain('alive');
    const masterKey = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'masterApiKey' }) });
    await expect(masterKey.textContent()).resolves.toContain('hidden');
    expect(await page.content()).not.toContain(h.masterKey);
    await screenshot('admin-server');
    violations.push(...(await seriousViolations(page, 'server 1280')));
    expect(consoleErrors).toEqual([]);
    await page.close();
    expect(violations).toEqual([]);
  }, patient(90_000));

  it('shows the Jobs and Server screens at 390 px wide without a serious axe violation', async () => {
    const { page, consoleErrors, screenshot } = await ui.newPage(PHONE);
    await signIn(page, ui.h.admin);
    await page.goto('/admin/jobs');
    await page.getByRole('heading', { level: 1, name: 'Jobs' }).waitFor();
    await page.getByRole('button', { name: 'Lock new jobs' }).waitFor();
    await page.getByRole('rowheader', { name: 'All destinations' }).waitFor();
    await page.getByRole('table', { name: 'Jobs, newest update first' }).getByRole('rowheader').first().waitFor();
    // The screen keeps to the phone's width: its wide list scrolls sideways inside it.
    expect(await page.evaluate(() => (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await screenshot('admin-jobs-phone');
    const violations = await seriousViolations(page, 'jobs 390');
    await page.getByRole('navigation', { name: 'Administration' }).getByRole('link', { name: 'Server' }).click();
    await page.getByRole('heading', { level: 1, name: 'Server' }).waitFor();
    await page.getByRole('heading', { name: 'Configuration in force' }).waitFor();
    expect(await page.evaluate(() => (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await screenshot('admin-server-phone');
    violations.push(...(await seriousViolations(page, 'server 390')));
    expect(violations).toEqual([]);
    expect(consoleErrors).toEqual([]);
    await page.close();
  }, patient(60_000));
});
