import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isoformat, libraryTimestamp } from '../../../src/format/timestamps';

export { niceSize } from '../../../src/format/nice-size';

/** Dataset states, in the order the history serializer lists them (platform-facts §4.1). */
export const DATASET_STATES = ['new', 'upload', 'queued', 'running', 'ok', 'empty', 'error', 'discarded', 'paused', 'setting_metadata', 'failed_metadata'] as const;

/** A timestamp (a Date from pg, or the text json_agg gives) as the platform's naive isoformat, to the millisecond. */
export const platformTime = (value: Date | string): string => isoformat(new Date(value));

/** The library timestamp `%Y-%m-%d %I:%M %p` (platform-facts §5.1). */
export const libraryTime = (value: Date | string): string => libraryTimestamp(new Date(value));

/** The library timestamp of the text of a UTC instant as PostgreSQL's `to_char(… 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')` writes it, read off its digits. */
export function libraryTimeOfIso(value: string): string {
  const hours = Number(value.slice(11, 13));
  const twelve = hours % 12 === 0 ? 12 : hours % 12;
  return `${value.slice(0, 10)} ${twelve < 10 ? '0' : ''}${twelve}:${value.slice(14, 16)} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** `module.Class` of each extension, read from the datatype definition (the last entry of an extension wins). */
const classNames: ReadonlyMap<string, string> = (() => {
  const file = join(__dirname, '..', '..', '..', 'src', 'datatypes', 'datatypes.definition.json');
  const definition = JSON.parse(readFileSync(file, 'utf8')) as { datatypes: Array<{ extension: string; className: string }> };
  return new Map(definition.datatypes.map((datatype) => [datatype.extension, datatype.className]));
})();

export const dataTypeOf = (extension: string): string => classNames.get(extension) ?? 'galaxy.datatypes.data.Data';

/** Where the disk object store keeps a dataset's file: `<files>/<id / 1000, 3 digits>/dataset_<id>.dat`. */
export function datasetPath(filesDir: string | null, datasetId: number, externalFilename: string | null): string | null {
  if (externalFilename !== null) return externalFilename;
  if (filesDir === null) return null;
  return join(filesDir, String(Math.floor(datasetId / 1000)).padStart(3, '0'), `dataset_${datasetId}.dat`);
}

/** The jsonb `metadata` column spread as `metadata_<name>` keys. */
export function metadataKeys(metadata: Record<string, unknown> | null): Record<string, unknown> {
  const keys: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(metadata ?? {})) keys[`metadata_${name}`] = value;
  return keys;
}
