import type { EntityManager } from '@mikro-orm/postgresql';
import { ExtendedMetadata, ExtendedMetadataIndex } from '../../entities/extended-metadata.entity';
import type { LibraryDatasetDatasetAssociation } from '../../entities/library-dataset.entity';

/**
 * Every leaf of a JSON value with its text, as the platform indexes extended metadata: object keys
 * as `/key`, list positions as `[i]` (`/sample/reads[0]`), values as Python prints them
 * (`True`, `None`). Empty objects and lists have no leaves.
 */
export function leafPaths(value: unknown, prefix = ''): Array<{ path: string; value: string | null }> {
  if (Array.isArray(value)) return value.flatMap((item, index) => leafPaths(item, `${prefix}[${index}]`));
  if (value !== null && typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>).flatMap(([key, item]) => leafPaths(item, `${prefix}/${key}`));
  }
  return [{ path: prefix, value: pythonText(value) }];
}

function pythonText(value: unknown): string {
  if (value === null || value === undefined) return 'None';
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  return String(value);
}

/** Stores extended metadata for a dataset version, with one index row per leaf path. */
export async function storeExtendedMetadata(em: EntityManager, ldda: LibraryDatasetDatasetAssociation, data: unknown): Promise<ExtendedMetadata> {
  const record = em.create(ExtendedMetadata, { ldda, data });
  for (const leaf of leafPaths(data)) em.create(ExtendedMetadataIndex, { extendedMetadata: record, path: leaf.path, value: leaf.value });
  await em.flush();
  return record;
}

/**
 * Dataset versions (ldda ids) whose extended metadata has `value` at `path`. The md5 comparisons
 * reach the hashed index; the text comparisons rule out hash collisions.
 */
export async function lddaIdsWithExtendedMetadata(em: EntityManager, path: string, value: string): Promise<number[]> {
  const rows = await em.execute<Array<{ ldda_id: number }>>(
    `select distinct e.ldda_id from extended_metadata_index i join extended_metadata e on e.id = i.extended_metadata_id
     where md5(i.path) = md5(?) and md5(i.value) = md5(?) and i.path = ? and i.value = ? order by e.ldda_id`,
    [path, value, path, value],
  );
  return rows.map((row) => Number(row.ldda_id));
}
