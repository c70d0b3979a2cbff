import { AppError } from '../../../src/errors/error-kinds';
import { isPlainObject } from '../../../src/http/body-parser';
import { route, type RouteArea } from '../../core/route';
import { receivedFileAsUpload } from '../../../src/http/received-upload';
import type { RouteInput } from '../../core/route-input';
import { HDA_DETAILED_KEYS, HDA_DETAILED_SELECTION, hdaDict } from '../../serializers/hda.reply';
import { JOB_COLLECTION_SELECTION, shapeJobCollection } from '../../serializers/job.reply';
import { HDCA_ELEMENTS_SELECTION, hdcaDict } from '../../serializers/hdca.reply';

/** The tool form: `inputs` as an object or JSON text; the platform also accepts flat fields beside it. */
function toolInputs(input: RouteInput): Record<string, unknown> {
  const inputs = { ...givenInputs(input) };
  // As on the platform, payload fields named files_* or __files_* (upload forms) join the inputs.
  for (const [name, value] of Object.entries(input.body)) {
    if (name.startsWith('files_') || name.startsWith('__files_')) inputs[name] = value;
  }
  return inputs;
}

function givenInputs(input: RouteInput): Record<string, unknown> {
  const raw = input.get('inputs');
  if (raw === undefined || raw === null || raw === '') return {};
  if (isPlainObject(raw)) return raw;
  if (typeof raw === 'string') {
    try {
      const parsed: unknown = JSON.parse(raw);
      if (isPlainObject(parsed)) return parsed;
    } catch {
      // reported below
    }
  }
  throw new AppError('RequestParameterInvalidException', 'inputs must be an object (or its JSON text).');
}

interface RunData {
  runTool: {
    outputs: Array<{ name: string; dataset: Record<string, unknown> }>;
    jobs: Array<Record<string, unknown>>;
    implicitCollections: Array<{ name: string; collection: Record<string, unknown> }>;
  };
  viewer: { isAdmin: boolean };
}

interface ToolData {
  tool: { dict: Record<string, unknown>; citations?: unknown[] };
}

export const toolsArea: RouteArea = {
  area: 'tools',
  routes: [
    route<{ toolPanel?: unknown; toolSearch?: string[]; toolVersions?: string[] }>({
      method: 'get',
      path: '/api/tools',
      access: 'anonymous',
      // As on the platform: `q` searches (a list of tool ids), else `tool_id` lists its versions, else the panel.
      operation: `query ($inPanel: Boolean, $q: String!, $toolId: String!, $search: Boolean!, $detect: Boolean!, $panel: Boolean!) {
        toolSearch(q: $q) @include(if: $search)
        toolVersions(id: $toolId) @include(if: $detect)
        toolPanel(inPanel: $inPanel) @include(if: $panel)
      }`,
      variables: (input) => {
        const q = input.string('q') ?? '';
        const toolId = input.string('tool_id') ?? '';
        return {
          inPanel: input.has('in_panel') ? input.bool('in_panel') : true,
          q,
          toolId,
          search: q !== '',
          detect: q === '' && toolId !== '',
          panel: q === '' && toolId === '',
        };
      },
      shape: (data) => data.toolSearch ?? data.toolVersions ?? data.toolPanel,
    }),
    // The contract's `{tool_id}`, and depot tools' guids, which hold slashes: clients put them in the
    // path as they are (`{id:.+?}` on the platform).
    ...['/api/tools/:tool_id', '/api/tools/*tool_id'].flatMap((toolPath) => [
      route<ToolData>({
        method: 'get',
        path: `${toolPath}/citations`,
        access: 'anonymous',
        operation: 'query ($id: String!) { tool(id: $id) { dict citations } }',
        variables: (input) => ({ id: input.path.tool_id }),
        shape: (data) => data.tool.citations,
      }),
      route<ToolData>({
        method: 'get',
        path: toolPath,
        access: 'anonymous',
        operation: 'query ($id: String!, $io: Boolean) { tool(id: $id) { dict(ioDetails: $io) } }',
        variables: (input) => ({ id: input.path.tool_id, io: input.bool('io_details') }),
        shape: (data) => data.tool.dict,
      }),
    ]),
    route<RunData>({
      method: 'post',
      path: '/api/tools',
      access: 'anonymous',
      operation: `mutation ($input: RunToolInput!) {
        runTool(input: $input) {
          outputs { name dataset { ${HDA_DETAILED_SELECTION} } }
          jobs { ${JOB_COLLECTION_SELECTION} }
          implicitCollections { name collection { ${HDCA_ELEMENTS_SELECTION} } }
        }
        viewer { isAdmin }
      }`,
      variables: (input, req) => {
        const toolId = input.string('tool_id');
        if (!toolId) throw new AppError('RequestParameterMissingException', 'Missing required parameter tool_id.');
        const files = (req?.files ?? []).map((file) => ({ name: file.field, file: receivedFileAsUpload(file) }));
        // 15.05 reads `rerun_remap_job_id` among the inputs: the failed job of a map over a collection whose elements the run replaces.
        const { rerun_remap_job_id: remap, ...inputs } = toolInputs(input);
        const rerunRemapJobId = typeof remap === 'string' && remap !== '' ? remap : null;
        return { input: { toolId, historyId: input.string('history_id') ?? null, inputs, files, rerunRemapJobId } };
      },
      shape: (data) => ({
        outputs: data.runTool.outputs.map((output) => ({ ...hdaDict(output.dataset, HDA_DETAILED_KEYS), output_name: output.name })),
        jobs: data.runTool.jobs.map((job) => shapeJobCollection(job, { admin: data.viewer.isAdmin, userDetails: false })),
        implicit_collections: data.runTool.implicitCollections.map((implicit) => ({ ...hdcaDict(implicit.collection), output_name: implicit.name })),
        output_collections: [],
      }),
    }),
  ],
};
