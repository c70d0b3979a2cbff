import type { ServiceContext } from '../../context/service-context';
import { errors } from '../../errors/error-kinds';
import { type ElementView, leavesOf, loadElementTrees } from '../collections';
import type { HdcaView } from '../collections';
import type { HdcaService } from '../collections';

/** The collection a tool is mapped over: its tree, to gather the outputs into the same structure. */
export interface MappedCollection {
  hdca: HdcaView;
  trees: Map<number, ElementView[]>;
}

/** One job of a mapped run: the leaf it takes (identifiers from the root) and its inputs. */
export interface BatchRun {
  path: string[];
  inputs: Record<string, unknown>;
}

export interface BatchPlan {
  runs: BatchRun[];
  /** The collection mapped over, when the batch names one (outputs then form implicit collections). */
  over: MappedCollection | null;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** `{"batch": true, "values": [...]}`: the platform's way to run a tool once per dataset or collection element. */
function batchValues(value: unknown): unknown[] | null {
  if (!isRecord(value) || !Array.isArray(value.values)) return null;
  return value.batch === true || value.batch === 'true' ? value.values : null;
}

interface BatchedInput {
  name: string;
  leaves: Array<{ path: string[]; id: string }>;
  over: MappedCollection | null;
}

async function batchedInput(ctx: ServiceContext, hdcas: HdcaService, name: string, values: unknown[]): Promise<BatchedInput> {
  const refs = values.map((value) => (typeof value === 'string' ? { src: 'hda', id: value } : value));
  if (refs.some((ref) => !isRecord(ref) || (typeof ref.id !== 'string' && typeof ref.id !== 'number'))) {
    throw errors.invalid(`Parameter ${name}: each batch value must be a reference {src, id}.`);
  }
  const typed = refs as Array<{ src?: unknown; id: string | number }>;
  const collections = typed.filter((ref) => ref.src === 'hdca');
  if (collections.length === 0) {
    return { name, leaves: typed.map((ref, index) => ({ path: [String(index)], id: String(ref.id) })), over: null };
  }
  if (typed.length !== 1) throw errors.invalid(`Parameter ${name}: a batch maps over one collection at a time.`);
  const hdca = await hdcas.readable(ctx, String(collections[0].id));
  const trees = await loadElementTrees(ctx, [hdca.collection.id]);
  const leaves = leavesOf(trees, hdca.collection.id).map((leaf) => ({ path: leaf.path, id: ctx.services.ids.encode(leaf.hda.id) }));
  if (leaves.length === 0) throw errors.invalid(`Parameter ${name}: the collection has no datasets to map over.`);
  return { name, leaves, over: { hdca, trees } };
}

/**
 * Works out the jobs of a batch run. Several batched parameters are linked: they must have the same
 * number of datasets (and, for collections, the same element identifiers), and job i takes the i-th
 * dataset of each. Null when no parameter is batched.
 */
export async function planBatch(ctx: ServiceContext, hdcas: HdcaService, inputs: Record<string, unknown>): Promise<BatchPlan | null> {
  const batched: BatchedInput[] = [];
  for (const [name, value] of Object.entries(inputs)) {
    const values = batchValues(value);
    if (values) batched.push(await batchedInput(ctx, hdcas, name, values));
  }
  if (batched.length === 0) return null;
  const [first, ...others] = batched;
  const shape = (input: BatchedInput) => input.leaves.map((leaf) => leaf.path.join('\u0000')).join('\u0001');
  for (const other of others) {
    const sameCount = other.leaves.length === first.leaves.length;
    const sameIdentifiers = !first.over || !other.over || shape(first) === shape(other);
    if (!sameCount || !sameIdentifiers) throw errors.invalid(`Batched parameters ${first.name} and ${other.name} do not match: map over collections of the same structure.`);
  }
  const runs = first.leaves.map((leaf, index) => {
    const runInputs = { ...inputs };
    for (const input of batched) runInputs[input.name] = { src: 'hda', id: input.leaves[index].id };
    return { path: leaf.path, inputs: runInputs };
  });
  return { runs, over: batched.find((input) => input.over)?.over ?? null };
}
