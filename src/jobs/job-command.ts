import type { IdCodec } from '../ids/id-codec';
import type { ObjectStore } from '../storage/object-store';
import { buildParamState, type DatasetLike, type MetadataValue, renderCommand, type ToolRegistry } from '../tools';
import type { LoadedJob } from './job-loading';
import type { JobWorkspace } from './job-workspace';

export class JobPreparationError extends Error {}

/**
 * Prepares a job to run: links its inputs into the workspace and renders its command line from the
 * stored parameters, with every path inside the workspace (so a remote runner can map one prefix).
 */
export async function prepareCommand(
  loaded: LoadedJob,
  workspace: JobWorkspace,
  tools: ToolRegistry,
  store: ObjectStore,
  ids: IdCodec,
  newFilePath: string,
): Promise<string> {
  const tool = tools.get(loaded.job.toolId);
  if (!tool) throw new JobPreparationError(`Tool '${loaded.job.toolId}' is not installed on this server.`);
  const byEncodedId = new Map<string, DatasetLike>();
  for (const input of loaded.inputs) {
    const hda = input.hda;
    if (!hda) throw new JobPreparationError(`Input '${input.name}' of this job no longer exists.`);
    await workspace.linkInput(hda.dataset.id, store.pathOf(hda.dataset));
    byEncodedId.set(ids.encode(hda.id), {
      id: ids.encode(hda.id),
      path: workspace.inputPath(hda.dataset.id),
      ext: hda.extension,
      name: hda.name,
      metadata: hda.metadata as Record<string, MetadataValue>,
      hid: hda.hid,
      dbkey: hda.dbkey,
      info: hda.info ?? '',
    });
  }
  const state = await buildParamState(tool, loaded.job.params, {
    resolveDataset: async (ref) => {
      const dataset = byEncodedId.get(ref.id);
      if (!dataset) throw new JobPreparationError(`Input dataset ${ref.id} is not recorded for this job.`);
      return dataset;
    },
  });
  const outputs: Record<string, { path: string; ext: string; name: string; id: string }> = {};
  for (const output of loaded.outputs) {
    if (!output.hda) continue;
    outputs[output.name] = { path: workspace.outputPath(output.hda.dataset.id), ext: output.hda.extension, name: output.hda.name, id: ids.encode(output.hda.id) };
  }
  return renderCommand(tool, state, { outputs, newFilePath, variables: { GALAXY_SLOTS: 1, __job_directory__: workspace.root } });
}
