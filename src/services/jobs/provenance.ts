import type { ContextWith, ServiceContext } from '../../context/service-context';
import { rowReadable } from '../datasets';
import { platformParams } from '../../format/job-params';
import { loadProvenanceSources, type ProvenanceSource } from './provenance-view';
import type { ToolCatalogService } from '../tools';
import type { HdaService } from '../datasets';
import type { ToolRegistry } from '../../tools';

/**
 * The platform's provenance dictionary of a dataset (15.05 `api/provenance.py`): the creating job's
 * `tool_id`, `job_id`, `parameters` (raw, as stored, each dataset input as `{id, uuid}` or, when
 * following, that input's own dictionary), `stdout`, `stderr`; a dataset without a creating job
 * gets `{id, uuid}` only.
 */
export type ProvenanceRecord = {
  id: string;
  uuid: string | null;
  job_id?: string;
  tool_id?: string;
  parameters?: Record<string, unknown>;
  stderr?: string;
  stdout?: string;
};

/** Levels of inputs followed at most (each level is one statement). */
const MAX_LEVELS = 100;

/**
 * Provenance of a history dataset the caller may read (its history's owner, an administrator, or
 * anyone holding its access roles, as for showing it). Without `follow`: the access read and one
 * statement; with it, one statement per level of inputs. An input the caller may not read (its
 * history's owner, administrators, holders of its access roles) is named by its id alone (uuid null)
 * and not followed: the platform 15.05 described every input, its job's parameters and outputs
 * included, to anyone who could read the dataset made from it.
 */
export async function datasetProvenance(ctx: ContextWith<{ hdas: HdaService; tools: ToolCatalogService }>, encodedHistoryId: string, encodedId: string, follow: boolean): Promise<ProvenanceRecord> {
  // The platform's old-style API decorator: a user is required even for a public dataset.
  ctx.caller.requireUser();
  const hda = await ctx.services.hdas.showInHistory(ctx, encodedHistoryId, encodedId);
  const sources = new Map<number, ProvenanceSource>();
  let pending: number[] = [hda.id];
  for (let level = 0; pending.length > 0 && level < MAX_LEVELS; level += 1) {
    const rows = await loadProvenanceSources(ctx, pending);
    for (const row of rows) sources.set(row.hdaId, row);
    if (!follow) break;
    const readableInputs = rows.flatMap((row) => row.inputs.filter((input) => rowReadable(ctx.caller, input)));
    pending = [...new Set(readableInputs.map((input) => input.hdaId))].filter((id) => !sources.has(id));
  }
  return new RecordBuilder(ctx, ctx.services.tools.registry, sources, follow).record(hda.id, { id: ctx.services.ids.encode(hda.id), uuid: hda.dataset.uuid });
}

class RecordBuilder {
  private readonly visiting = new Set<number>();

  constructor(
    private readonly ctx: ServiceContext,
    private readonly tools: ToolRegistry,
    private readonly sources: Map<number, ProvenanceSource>,
    private readonly follow: boolean,
  ) {}

  /** `reference` is what the dataset shows when it cannot be described further (unread level, or a loop). */
  record(hdaId: number, reference: ProvenanceRecord): ProvenanceRecord {
    const source = this.sources.get(hdaId);
    if (!source || this.visiting.has(hdaId)) return reference;
    const ids = this.ctx.services.ids;
    const item: ProvenanceRecord = { id: ids.encode(source.itemId), uuid: source.uuid };
    if (source.jobId === null) return item;
    this.visiting.add(hdaId);
    const tool = source.toolId ? this.tools.get(source.toolId) : undefined;
    const parameters: Record<string, unknown> = platformParams(source.params ?? {}, tool, ids);
    for (const input of source.inputs) {
      if (!rowReadable(this.ctx.caller, input)) {
        parameters[input.name] = { id: ids.encode(input.hdaId), uuid: null };
        continue;
      }
      const inputReference = { id: ids.encode(input.hdaId), uuid: input.uuid };
      parameters[input.name] = this.follow ? this.record(input.hdaId, inputReference) : inputReference;
    }
    this.visiting.delete(hdaId);
    return { ...item, job_id: ids.encode(source.jobId), tool_id: source.toolId ?? undefined, parameters, stderr: source.stderr ?? '', stdout: source.stdout ?? '' };
  }
}
