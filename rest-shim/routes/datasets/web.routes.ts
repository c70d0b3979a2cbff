import { setFileAnswerHeaders } from '../../core/file-answer-headers';
import { route, type RouteSpec } from '../../core/route';
import { datasetFileRoute } from './dataset-file.route';

interface JobTextData {
  dataset: { creatingJob: { stdout: string; stderr: string } | null };
}

/** The text of the job that created a dataset, as text/plain (sandboxed); empty when there is none (or the caller may not see it). */
const jobTextRoute = (stream: 'stdout' | 'stderr') =>
  route<JobTextData>({
    method: 'get',
    path: `/datasets/:dataset_id/${stream}`,
    access: 'anonymous',
    operation: `query ($id: ID!) { dataset(id: $id) { creatingJob { ${stream} } } }`,
    variables: (input) => ({ id: input.path.dataset_id }),
    raw: (data, _input, _req, res) => {
      setFileAnswerHeaders(res);
      res.status(200).type('text/plain; charset=utf-8').send(data.dataset.creatingJob?.[stream] ?? '');
    },
  });

/**
 * The platform's web routes (outside /api) that clients fetch: a dataset's content (`to_ext`
 * downloads it, `preview` sends only its start) and its creating job's stdout and stderr.
 */
export const webRoutes: RouteSpec<unknown>[] = [datasetFileRoute('/datasets/:dataset_id/display'), jobTextRoute('stdout'), jobTextRoute('stderr')];
