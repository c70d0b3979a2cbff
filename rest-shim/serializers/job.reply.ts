import { pythonIso } from '../core/shape';

/** The job fields every job dictionary needs (collection view). */
export const JOB_COLLECTION_SELECTION = `
  id state exit_code: exitCode update_time: updateTime create_time: createTime tool_id: toolId
  external_id: externalId command_line: commandLine user_email: userEmail
`;

/** Element view additions (show). */
export const JOB_ELEMENT_SELECTION = `
  ${JOB_COLLECTION_SELECTION}
  params
  inputs { name src datasetId }
  outputs { name src datasetId }
  stdout stderr
  metrics { title value plugin name raw_value: rawValue }
`;

type JobData = Record<string, unknown>;
interface LinkData {
  name: string;
  src: string | null;
  datasetId: string | null;
}

/** `model.Job.to_dict('collection')`: admins also get external_id and command_line; user_details adds user_email. */
export function shapeJobCollection(job: JobData, options: { admin: boolean; userDetails: boolean }): JobData {
  const shaped: JobData = {
    model_class: 'Job',
    id: job.id,
    state: job.state,
    exit_code: job.exit_code,
    update_time: pythonIso(job.update_time),
    create_time: pythonIso(job.create_time),
    tool_id: job.tool_id,
  };
  if (options.admin) {
    shaped.external_id = job.external_id;
    shaped.command_line = job.command_line;
  }
  if (options.userDetails) shaped.user_email = job.user_email;
  return shaped;
}

const asMap = (links: LinkData[]) =>
  Object.fromEntries(links.filter((link) => link.datasetId).map((link) => [link.name, { id: link.datasetId, src: link.src }]));

/** The show view: params, inputs and outputs by name, job_metrics; stdout/stderr with full; user_email for admins. */
export function shapeJobElement(job: JobData, options: { admin: boolean; full: boolean }): JobData {
  const shaped: JobData = {
    ...shapeJobCollection(job, { admin: options.admin, userDetails: options.admin }),
    params: job.params,
    inputs: asMap(job.inputs as LinkData[]),
    outputs: asMap(job.outputs as LinkData[]),
    job_metrics: job.metrics,
  };
  if (options.full) {
    shaped.stdout = job.stdout;
    shaped.stderr = job.stderr;
  }
  return shaped;
}

/** The inputs/outputs routes: `[{name, dataset: {src, id} | null}]`. */
export function shapeJobDatasets(links: LinkData[]): Array<{ name: string; dataset: { src: string; id: string } | null }> {
  return links.map((link) => ({ name: link.name, dataset: link.datasetId && link.src ? { src: link.src, id: link.datasetId } : null }));
}
