import { createHistory } from './data-helpers';
import type { TestPlatform } from './test-platform';
import { copyHeadWorkflow, importWorkflow } from './workflow-helpers';

/**
 * A history and a workflow of the user with the same number (so the same encoded id): new ones of
 * the kind behind are made until both sequences meet. Answers the shared id (and the names given).
 */
export async function historyAndWorkflowWithSameId(h: TestPlatform, key: string, names: { history: string; workflow: string }): Promise<string> {
  const number = (id: string) => h.platform.services.ids.decode(id);
  let historyId = await createHistory(h, key, names.history);
  let workflowId = (await importWorkflow(h, key, copyHeadWorkflow(names.workflow))).id;
  for (let tries = 0; historyId !== workflowId; tries += 1) {
    if (tries > 200) throw new Error(`no history and workflow with the same id (${historyId}, ${workflowId})`);
    if (number(historyId) < number(workflowId)) historyId = await createHistory(h, key, names.history);
    else workflowId = (await importWorkflow(h, key, copyHeadWorkflow(names.workflow))).id;
  }
  return historyId;
}
