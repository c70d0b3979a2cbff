import type { DataRef, DatasetLike } from '../../../src/tools';

/** A resolver over a fixed set of datasets, recording the references it was asked for. */
export function fakeResolver(datasets: Record<string, Partial<DatasetLike>> = {}) {
  const calls: DataRef[] = [];
  const resolveDataset = async (ref: DataRef): Promise<DatasetLike> => {
    calls.push(ref);
    const known = datasets[ref.id];
    if (!known && Object.keys(datasets).length) throw new Error(`no dataset ${ref.id}`);
    return { id: ref.id, path: `/data/${ref.id}.dat`, ext: 'tabular', name: `Dataset ${ref.id}`, metadata: {}, ...known };
  };
  return { resolveDataset, calls };
}
