import type { Ctx } from './http';
import { decodeId, encodeId, HttpError, notFound, requireUser } from './http';
import { platformTime } from './formats';
// The display of a metric is formatting, not work: the service's own formatter.
import { metricView } from '../../../src/jobs/metrics-format';
import { type JobParams, platformParams, shownParams } from '../../../src/format/job-params';
import { ToolRegistry } from '../../../src/tools';

interface DatasetLink {
  name: string;
  hda_id: number | null;
  ldda_id: number | null;
}

interface JobRow {
  id: number;
  user_id: number | null;
  state: string;
  exit_code: number | null;
  create_time: Date;
  update_time: Date;
  tool_id: string;
  params: Record<string, unknown>;
  command_line: string | null;
  external_id: string | null;
  owner_email: string | null;
  inputs: DatasetLink[];
  outputs: DatasetLink[];
  metrics: Array<{ plugin: string; name: string; value: string }>;
}

/** The job, its owner's email, its input and output datasets and its metrics (each in id order). */
const JOB_DETAIL = `
  select j.id, j.user_id, j.state, j.exit_code, j.create_time, j.update_time, j.tool_id, j.params, j.command_line, j.external_id,
         owner.email as owner_email,
         coalesce((select json_agg(json_build_object('name', i.name, 'hda_id', i.hda_id, 'ldda_id', i.ldda_id) order by i.id)
                   from job_to_input_dataset i where i.job_id = j.id), '[]') as inputs,
         coalesce((select json_agg(json_build_object('name', o.name, 'hda_id', o.hda_id, 'ldda_id', o.ldda_id) order by o.id)
                   from job_to_output_dataset o where o.job_id = j.id), '[]') as outputs,
         coalesce((select json_agg(json_build_object('plugin', m.plugin, 'name', m.name, 'value', m.value) order by m.id)
                   from job_metric m where m.job_id = j.id), '[]') as metrics
  from job j
  left join galaxy_user owner on owner.id = j.user_id
  where j.id = $1`;

/** The built-in tools, loaded once: the platform's raw parameters are shaped by the tool's inputs. */
const TOOLS = (() => {
  const registry = new ToolRegistry();
  registry.loadBuiltins();
  return registry;
})();

/** Parameters as the platform shows them (the service's formatter, as for metrics): raw JSON texts, dataset inputs left out. */
function jobParams(ctx: Ctx, job: JobRow): Record<string, string> {
  const raw = platformParams(job.params as JobParams, TOOLS.get(job.tool_id), ctx.app.ids);
  return shownParams(raw, job.inputs.filter((link) => link.hda_id !== null || link.ldda_id !== null).map((link) => link.name), ctx.app.ids);
}

/** `{name: {id, src}}` of the links that name a dataset. */
function linkMap(ctx: Ctx, links: DatasetLink[]): Record<string, { id: string; src: string }> {
  const map: Record<string, { id: string; src: string }> = {};
  for (const link of links) {
    if (link.hda_id !== null) map[link.name] = { id: encodeId(ctx, link.hda_id), src: 'hda' };
    else if (link.ldda_id !== null) map[link.name] = { id: encodeId(ctx, link.ldda_id), src: 'ldda' };
  }
  return map;
}


/** GET /api/jobs/{id}: the element view of a job the caller owns (administrators: any job) (platform-facts §4.4). */
export async function showJob(ctx: Ctx, encodedId: string): Promise<Record<string, unknown>> {
  const caller = requireUser(ctx);
  const id = decodeId(ctx, encodedId, () => new HttpError('MalformedId', 'The id of the resource is malformed.'));
  const job = await ctx.sql.row<JobRow>(JOB_DETAIL, [id]);
  if (!job || !(caller.isAdmin || (job.user_id !== null && job.user_id === caller.userId))) throw notFound(`No Job found with id: ${encodedId}`);
  const dict: Record<string, unknown> = {
    model_class: 'Job',
    id: encodeId(ctx, job.id),
    state: job.state,
    exit_code: job.exit_code,
    update_time: platformTime(job.update_time),
    create_time: platformTime(job.create_time),
    tool_id: job.tool_id,
  };
  if (caller.isAdmin) {
    dict.external_id = job.external_id;
    dict.command_line = job.command_line;
    dict.user_email = job.owner_email;
  }
  dict.params = jobParams(ctx, job);
  dict.inputs = linkMap(ctx, job.inputs);
  dict.outputs = linkMap(ctx, job.outputs);
  dict.job_metrics = job.metrics.map(metricView);
  return dict;
}
