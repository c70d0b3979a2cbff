/**
 * Dataset references in request inputs: `{src, id}`, a bare encoded id (an HDA), a list of those,
 * or the `{values: [...]}` envelope of newer clients. Resolution is the caller's (no database here).
 */
import { ToolParameterError } from '../errors';
import type { DataParam } from '../model/inputs';
import type { CollectionResolver, DataRef, DataState, DatasetResolver } from './state';

export interface DataCoercionOptions {
  resolveDataset: DatasetResolver;
  /**
   * Resolves a collection input when the tool is run. Without it (a job being prepared), a collection
   * value is rebuilt from the snapshot of its elements that the job's parameters recorded.
   */
  resolveCollection?: CollectionResolver;
  /** Whether a dataset extension satisfies the parameter's formats; the datatypes registry lives elsewhere. */
  acceptsFormat?: (ext: string, formats: readonly string[]) => boolean;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function toRef(path: string, item: unknown): DataRef {
  if (typeof item === 'string' && item.trim() !== '') return { src: 'hda', id: item.trim() };
  if (isRecord(item) && (typeof item.id === 'string' || typeof item.id === 'number')) {
    const src = item.src ?? 'hda';
    if (src !== 'hda' && src !== 'ld' && src !== 'ldda') throw new ToolParameterError(path, `dataset source '${String(src)}' is not supported.`);
    return { src, id: String(item.id) };
  }
  throw new ToolParameterError(path, 'a dataset reference ({src, id}) is required.');
}

/** Normalises the request value into references; an empty list means "not given". */
export function dataRefs(path: string, raw: unknown): DataRef[] {
  if (raw === undefined || raw === '') return [];
  const unwrapped = isRecord(raw) && Array.isArray(raw.values) ? raw.values : raw;
  const items: unknown[] = Array.isArray(unwrapped) ? unwrapped : [unwrapped];
  return items.filter((item) => item !== null && item !== '').map((item) => toRef(path, item));
}

export async function coerceData(path: string, param: DataParam, raw: unknown, options: DataCoercionOptions): Promise<DataState> {
  const refs = dataRefs(path, raw);
  if (refs.length === 0) {
    if (!param.optional) throw new ToolParameterError(path, 'a dataset is required.');
    return { type: 'data', multiple: param.multiple, datasets: [] };
  }
  if (!param.multiple && refs.length > 1) throw new ToolParameterError(path, 'only one dataset may be given.');
  const datasets = [];
  for (const ref of refs) {
    const dataset = await options.resolveDataset(ref);
    if (options.acceptsFormat && !options.acceptsFormat(dataset.ext, param.formats)) {
      throw new ToolParameterError(
        path,
        `dataset '${dataset.name}' has format '${dataset.ext}', which is not one of ${param.formats.join(', ')}.`,
      );
    }
    datasets.push({ ref, dataset });
  }
  return { type: 'data', multiple: param.multiple, datasets };
}
