import type { ResultOf } from '../../graphql';
import type { HistoryJobsQuery } from './extract-documents';

type HistoryJob = ResultOf<typeof HistoryJobsQuery>['jobs'][number];

/** A dataset of this history by hid and name. */
export interface CandidateDataset {
  hid: number;
  name: string;
}

/** A job that can become a tool step: its tool and its outputs in this history. */
export interface CandidateJob {
  id: string;
  toolId: string;
  toolName: string;
  state: string;
  outputs: Array<CandidateDataset & { outputName: string }>;
}

/** Tools that bring data in: their outputs are the workflow's inputs, not steps (as 15.05 showed uploads). */
const UPLOAD_TOOLS = new Set(['upload1', '__DATA_FETCH__']);

/**
 * What Extract Workflow offers from a history's jobs, in the order they ran: the jobs that become
 * tool steps, and as inputs the datasets of this history not made by one of those jobs (uploads,
 * and datasets read by a job but brought from elsewhere).
 */
export function extractionCandidates(historyId: string, jobs: readonly HistoryJob[]): { jobs: CandidateJob[]; inputs: CandidateDataset[] } {
  const ordered = [...jobs].sort((a, b) => String(a.createTime).localeCompare(String(b.createTime)));
  const here = <T extends { dataset: { historyId: string; hid: number; name: string } | null }>(links: readonly T[]) =>
    links.filter((link): link is T & { dataset: NonNullable<T['dataset']> } => link.dataset !== null && link.dataset.historyId === historyId);
  const toolJobs = ordered.filter((job) => !UPLOAD_TOOLS.has(job.toolId));
  const made = new Set(toolJobs.flatMap((job) => here(job.outputs).map((output) => output.dataset.hid)));
  const inputs = new Map<number, CandidateDataset>();
  for (const job of ordered) {
    const offered = UPLOAD_TOOLS.has(job.toolId) ? here(job.outputs) : here(job.inputs);
    for (const link of offered) if (!made.has(link.dataset.hid)) inputs.set(link.dataset.hid, { hid: link.dataset.hid, name: link.dataset.name });
  }
  return {
    jobs: toolJobs.map((job) => ({
      id: job.id,
      toolId: job.toolId,
      toolName: job.toolName ?? job.toolId,
      state: job.state,
      outputs: here(job.outputs).map((output) => ({ hid: output.dataset.hid, name: output.dataset.name, outputName: output.name })),
    })),
    inputs: [...inputs.values()].sort((a, b) => a.hid - b.hid),
  };
}
