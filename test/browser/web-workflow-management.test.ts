import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { patient } from '../support/patience';
import type { TestUser } from '../support/test-platform';
import { copyHeadWorkflow, importWorkflow } from '../support/workflow-helpers';
import { seriousViolations } from './axe-audit';
import { PHONE, describeInBrowser, signIn, startWebUiHarness, type WebUiHarness } from './web-ui-harness';

/**
 * Managing workflows in the web UI (issue 35, item 3), in 15.05's words: Rename, tags and
 * annotation, Copy ("Copy of '<name>'"), Delete and Undelete (the Deleted list), Download as .ga,
 * Import from URL, and a workflow's versions with View and "Revert to this version".
 */
let ui: WebUiHarness;
let ada: TestUser;

/** Serves a .ga workflow at /shared.ga on 127.0.0.1 (the platform's tests may fetch loopback: ALLOW_PRIVATE_URL_FETCH). */
async function serve(body: string): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/shared.ga`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describeInBrowser('workflows managed in the web UI', () => {
  beforeAll(async () => {
    ui = await startWebUiHarness();
    ada = await ui.h.newUser('ada');
  }, patient(180_000));
  afterAll(() => ui?.close());

  describe('Rename, tags, annotation, Copy, Delete and Undelete', () => {
    it('renames and tags a workflow, copies it, deletes the copy and brings it back from the Deleted list', async () => {
      const { id } = await importWorkflow(ui.h, ada.key, copyHeadWorkflow('Trimmer'));
      const { page, consoleErrors, screenshot } = await ui.newPage();
      await signIn(page, ada);
      await page.goto(`/workflows/${id}`);
      await page.getByRole('heading', { name: 'Trimmer (imported from API)', level: 1 }).waitFor();
      await page.getByRole('button', { name: 'Rename', exact: true }).click();
      await page.getByLabel('Workflow name').fill('Trimmer v2');
      await screenshot('workflow-manage-rename');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByRole('heading', { name: 'Trimmer v2', level: 1 }).waitFor();
      expect((await ui.h.api.get(`/api/workflows/${id}`).query({ key: ada.key })).body.name).toBe('Trimmer v2');

      await page.getByLabel('New tag of workflow Trimmer v2').fill('group:qc');
      await page.getByRole('button', { name: 'Add tag' }).click();
      await page.getByRole('list', { name: 'Tags of workflow Trimmer v2' }).getByText('group:qc').waitFor();
      await page.getByRole('button', { name: 'Edit annotation of workflow Trimmer v2' }).click();
      await page.getByLabel('Annotation of workflow Trimmer v2').fill('keeps the first lines');
      await page.getByRole('button', { name: 'Save annotation' }).click();
      await page.getByText('keeps the first lines').waitFor();
      await screenshot('workflow-manage-tagged');
      expect(await seriousViolations(page, 'workflow screen')).toEqual([]);

      await page.getByRole('button', { name: 'Copy', exact: true }).click();
      await page.getByRole('heading', { name: "Copy of 'Trimmer v2'", level: 1 }).waitFor();
      // A workflow of its own, with the same steps.
      const copyId = new URL(page.url()).pathname.split('/').pop() as string;
      expect(copyId).not.toBe(id);
      const stepsOf = async (workflowId: string) => {
        const ga = (await ui.h.api.get(`/api/workflows/${workflowId}/download`).query({ key: ada.key })).body as { steps: Record<string, { tool_id: string | null; tool_state: string }> };
        return Object.values(ga.steps).map((step) => [step.tool_id, step.tool_state]);
      };
      expect(await stepsOf(copyId)).toEqual(await stepsOf(id));
      await page.getByRole('list', { name: "Tags of workflow Copy of 'Trimmer v2'" }).getByText('group:qc').waitFor();
      await screenshot('workflow-manage-copied');

      await page.getByRole('button', { name: 'Delete', exact: true }).click();
      await page.getByRole('table', { name: 'Deleted workflows' }).getByRole('rowheader', { name: "Copy of 'Trimmer v2'" }).waitFor();
      await screenshot('workflow-manage-deleted-list');
      expect(await seriousViolations(page, 'deleted workflows')).toEqual([]);
      await page.getByRole('link', { name: 'My workflows' }).click();
      const own = page.getByRole('table', { name: 'My workflows' });
      await own.getByRole('rowheader', { name: 'Trimmer v2' }).waitFor();
      expect(await own.getByRole('rowheader', { name: "Copy of 'Trimmer v2'" }).count()).toBe(0);
      const listed = async () => ((await ui.h.api.get('/api/workflows').query({ key: ada.key })).body as Array<{ id: string }>).map((workflow) => workflow.id);
      expect(await listed()).not.toContain(copyId);

      await page.getByRole('link', { name: 'Deleted' }).click();
      await page.getByRole('button', { name: "Undelete Copy of 'Trimmer v2'" }).click();
      await page.getByText('No deleted workflows.').waitFor();
      await page.getByRole('link', { name: 'My workflows' }).click();
      await own.getByRole('rowheader', { name: "Copy of 'Trimmer v2'" }).waitFor();
      expect(await listed()).toContain(copyId);
      await screenshot('workflow-manage-undeleted');
      expect(consoleErrors).toEqual([]);
      await page.close();
    }, patient(120_000));
  });

  describe('Download as .ga and Import from URL', () => {
    it('downloads the .ga (the contract route) and imports that file again from a URL', async () => {
      const { id } = await importWorkflow(ui.h, ada.key, copyHeadWorkflow('Portable', 4));
      const { page, consoleErrors, screenshot } = await ui.newPage();
      await signIn(page, ada);
      await page.goto('/workflows');
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download Portable (imported from API)' }).click()]);
      expect(download.suggestedFilename()).toBe('Galaxy-Workflow-Portable_imported_from_API_.ga');
      const ga = JSON.parse(readFileSync(await download.path(), 'utf8')) as { a_galaxy_workflow: string; name: string; steps: Record<string, { tool_id: string | null; tool_state: string }> };
      expect(ga.a_galaxy_workflow).toBe('true');
      expect(ga.name).toBe('Portable (imported from API)');
      expect(Object.values(ga.steps).map((step) => step.tool_id)).toEqual([null, 'cat1', 'Show beginning1']);
      expect(JSON.parse(JSON.parse(ga.steps['2'].tool_state).lineNum)).toBe('4');

      const served = await serve(JSON.stringify(ga));
      try {
        await page.getByLabel('Workflow URL').fill(served.url);
        await screenshot('workflow-import-url-form');
        expect(await seriousViolations(page, 'workflows list')).toEqual([]);
        await page.getByRole('button', { name: 'Import from URL' }).click();
        await page.getByRole('heading', { name: 'Portable (imported from API) (imported from URL)', level: 1 }).waitFor();
        await page.getByText('3 steps').first().waitFor();
        // The imported workflow is the downloaded one: the same tools and values.
        const importedId = new URL(page.url()).pathname.split('/').pop() as string;
        expect(importedId).not.toBe(id);
        const again = (await ui.h.api.get(`/api/workflows/${importedId}/download`).query({ key: ada.key })).body as typeof ga;
        expect(Object.values(again.steps).map((step) => [step.tool_id, step.tool_state])).toEqual(Object.values(ga.steps).map((step) => [step.tool_id, step.tool_state]));
        await screenshot('workflow-imported-from-url');
      } finally {
        await served.close();
      }
      expect(id).toBeTruthy();
      expect(consoleErrors).toEqual([]);
      await page.close();
    }, patient(120_000));
  });

  describe('Versions: View and Revert to this version', () => {
    it('lists the versions newest first, shows an older one and reverts to it', async () => {
      const { id } = await importWorkflow(ui.h, ada.key, copyHeadWorkflow('Evolving', 2));
      const update = await ui.h.api.put(`/api/workflows/${id}`).send({ key: ada.key, workflow: copyHeadWorkflow('Evolving', 9) });
      expect(update.status).toBe(200);
      const { page, consoleErrors, screenshot } = await ui.newPage();
      await signIn(page, ada);
      await page.goto(`/workflows/${id}`);
      const versions = page.getByRole('region', { name: 'Versions' });
      const first = page.getByRole('listitem', { name: 'Version 1' });
      const second = page.getByRole('listitem', { name: 'Version 2' });
      await second.getByText('latest').waitFor();
      await first.getByText('3 steps').waitFor();
      expect(await second.getByRole('button', { name: 'Revert to this version' }).count()).toBe(0);
      await first.getByRole('button', { name: 'View' }).click();
      const firstSteps = page.getByRole('list', { name: 'Steps of version 1' });
      await firstSteps.getByText('lineNum = 2').waitFor();
      await second.getByRole('button', { name: 'View' }).click();
      await page.getByRole('list', { name: 'Steps of version 2' }).getByText('lineNum = 9').waitFor();
      await screenshot('workflow-versions-view');
      expect(await seriousViolations(page, 'workflow versions')).toEqual([]);
      await first.getByRole('button', { name: 'Revert to this version' }).click();
      await page.getByRole('listitem', { name: 'Version 3' }).getByText('latest').waitFor();
      expect(await versions.getByRole('listitem', { name: /^Version \d+$/ }).count()).toBe(3);
      await screenshot('workflow-versions-reverted');
      const download = await ui.h.api.get(`/api/workflows/${id}/download`).query({ key: ada.key });
      expect(JSON.parse(JSON.parse(download.body.steps['2'].tool_state).lineNum)).toBe('2');
      expect(consoleErrors).toEqual([]);
      await page.close();
    }, patient(120_000));
  });

  describe('the managing screens on a phone', () => {
    it('shows the workflow screen with its managing controls and the Deleted list at 390 pixels wide without serious violations', async () => {
      const { id } = await importWorkflow(ui.h, ada.key, copyHeadWorkflow('Pocket'));
      const { page, consoleErrors, screenshot } = await ui.newPage(PHONE);
      await signIn(page, ada);
      await page.goto(`/workflows/${id}`);
      await page.getByRole('group', { name: 'Manage workflow' }).getByRole('button', { name: 'Rename', exact: true }).waitFor();
      await page.getByRole('region', { name: 'Versions' }).getByText('Version 1').waitFor();
      await screenshot('workflow-manage-phone');
      expect(await seriousViolations(page, 'workflow screen (phone)')).toEqual([]);
      expect((await ui.h.api.delete(`/api/workflows/${id}`).query({ key: ada.key })).status).toBe(200);
      await page.goto('/workflows?list=deleted');
      await page.getByRole('button', { name: 'Undelete Pocket (imported from API)' }).waitFor();
      await screenshot('workflow-deleted-list-phone');
      expect(await seriousViolations(page, 'deleted workflows (phone)')).toEqual([]);
      await page.goto('/workflows');
      await page.getByLabel('Workflow URL').waitFor();
      await screenshot('workflows-list-phone');
      expect(await seriousViolations(page, 'workflows list (phone)')).toEqual([]);
      expect(consoleErrors).toEqual([]);
      await page.close();
    }, patient(120_000));
  });
});
