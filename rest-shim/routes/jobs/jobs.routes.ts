import { asBool } from '../../../src/format/booleans';
import { isPlainObject } from '../../../src/http/body-parser';
import { AppError } from '../../../src/errors/error-kinds';
import { route, type RouteArea } from '../../core/route';
import type { RouteInput } from '../../core/route-input';
import { JOB_COLLECTION_SELECTION, JOB_ELEMENT_SELECTION, shapeJobCollection, shapeJobDatasets, shapeJobElement } from '../../serializers/job.reply';
import { jobFilesRoutes } from './job-files.routes';

type JobData = Record<string, unknown>;

interface Viewer {
  viewer: { isAdmin: boolean };
}

/** `inputs` of a search: an object or its JSON text. */
function searchInputs(input: RouteInput): unknown {
  const raw = input.get('inputs');
  if (typeof raw !== 'string') return raw ?? null;
  try {
    return JSON.parse(raw);
  } catch {
    throw new AppError('ObjectAttributeInvalidException', 'inputs must be an object (or its JSON text).');
  }
}

const optionalList = (input: RouteInput, name: string) => input.list(name) ?? null;

/** `full` and `user_details` are read with the platform's asbool (`1`, `t`, `y` are true as well). */
const flag = (input: RouteInput, name: string) => asBool(input.get(name) ?? false) === true;

export const jobsArea: RouteArea = {
  area: 'jobs',
  routes: [
    route<{ jobsBatches: { jobs: JobData[] } }>({
      method: 'get',
      path: '/api/jobs',
      access: 'user',
      // Streamed batch by batch as the jobs are read (a listing of a million jobs never sits in memory).
      operation: `subscription ($states: [String!], $toolIds: [String!], $toolIdLike: [String!], $historyId: String, $min: [String!], $max: [String!], $orderBy: String) {
        jobsBatches(states: $states, toolIds: $toolIds, toolIdLike: $toolIdLike, historyId: $historyId, dateRangeMin: $min, dateRangeMax: $max, orderBy: $orderBy) { jobs { ${JOB_COLLECTION_SELECTION} } }
      }`,
      variables: (input) => ({
        states: optionalList(input, 'state'),
        toolIds: optionalList(input, 'tool_id'),
        toolIdLike: optionalList(input, 'tool_id_like'),
        historyId: input.string('history_id') ?? null,
        min: optionalList(input, 'date_range_min'),
        max: optionalList(input, 'date_range_max'),
        orderBy: input.string('order_by') ?? null,
      }),
      // user_details is a boolean parameter (the contract's reading: 'true'/'True'; also yes/on)
      stream: (input, viewer) => {
        const options = { admin: viewer.isAdmin, userDetails: flag(input, 'user_details') };
        return (data) => data.jobsBatches.jobs.map((job) => JSON.stringify(shapeJobCollection(job, options))).join(',');
      },
    }),
    route({
      method: 'post',
      path: '/api/jobs/search',
      access: 'user',
      operation: `query ($toolId: String, $inputs: JSONObject, $states: [String!]) { searchJobs(toolId: $toolId, inputs: $inputs, states: $states) { ${JOB_ELEMENT_SELECTION} } viewer { isAdmin } }`,
      variables: (input) => {
        const inputs = searchInputs(input);
        if (inputs !== null && !isPlainObject(inputs)) throw new AppError('ObjectAttributeInvalidException', 'inputs must be an object.');
        return { toolId: input.string('tool_id') ?? null, inputs, states: optionalList(input, 'state') };
      },
      shape: (data: { searchJobs: JobData[] } & Viewer) => data.searchJobs.map((job) => shapeJobElement(job, { admin: data.viewer.isAdmin, full: false })),
    }),
    route({ method: 'post', path: '/api/jobs', access: 'user', operation: 'mutation { createJob { id } }' }),
    ...jobFilesRoutes,
    route<{ job: JobData } & Viewer>({
      method: 'get',
      path: '/api/jobs/:job_id',
      access: 'user',
      operation: `query ($id: ID!) { job(id: $id) { ${JOB_ELEMENT_SELECTION} } viewer { isAdmin } }`,
      variables: (input) => ({ id: input.path.job_id }),
      shape: (data, input) => shapeJobElement(data.job, { admin: data.viewer.isAdmin, full: flag(input, 'full') }),
    }),
    route<{ job: { inputs: Array<{ name: string; src: string | null; datasetId: string | null }> } }>({
      method: 'get',
      path: '/api/jobs/:job_id/inputs',
      access: 'user',
      operation: 'query ($id: ID!) { job(id: $id) { inputs { name src datasetId } } }',
      variables: (input) => ({ id: input.path.job_id }),
      shape: (data) => shapeJobDatasets(data.job.inputs),
    }),
    route<{ job: { outputs: Array<{ name: string; src: string | null; datasetId: string | null }> } }>({
      method: 'get',
      path: '/api/jobs/:job_id/outputs',
      access: 'user',
      operation: 'query ($id: ID!) { job(id: $id) { outputs { name src datasetId } } }',
      variables: (input) => ({ id: input.path.job_id }),
      shape: (data) => shapeJobDatasets(data.job.outputs),
    }),
  ],
};
