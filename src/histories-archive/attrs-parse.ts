import { ArchiveFormatError } from './errors';
import type { DatasetArchiveAttrs, HistoryArchiveAttrs, JobArchiveAttrs } from './types';

/**
 * Validation of the archive's JSON members. Unknown keys are ignored; missing optional keys get
 * the platform's defaults; a value of the wrong type is refused with the place it was found.
 */

type JsonObject = Record<string, unknown>;

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

/** Typed reads of one JSON object's keys; `where` names it in error messages. */
class Fields {
  constructor(
    private readonly source: JsonObject,
    private readonly where: string,
  ) {}

  private wrong(key: string, expected: string): never {
    throw new ArchiveFormatError(`${this.where}.${key} must be ${expected}, not ${describe(this.source[key])}`);
  }

  private missing(key: string): boolean {
    return this.source[key] === undefined || this.source[key] === null;
  }

  requiredString(key: string): string {
    const value = this.source[key];
    if (this.missing(key)) throw new ArchiveFormatError(`${this.where}.${key} is missing`);
    return typeof value === 'string' ? value : this.wrong(key, 'a string');
  }

  string(key: string, fallback: string): string {
    const value = this.source[key];
    if (this.missing(key)) return fallback;
    return typeof value === 'string' ? value : this.wrong(key, 'a string');
  }

  nullableString(key: string): string | null {
    const value = this.source[key];
    if (this.missing(key)) return null;
    return typeof value === 'string' ? value : this.wrong(key, 'a string or null');
  }

  requiredInteger(key: string): number {
    if (this.missing(key)) throw new ArchiveFormatError(`${this.where}.${key} is missing`);
    return this.integer(key) ?? this.wrong(key, 'an integer');
  }

  /** An integer, or null when absent. */
  integer(key: string): number | null {
    const value = this.source[key];
    if (this.missing(key)) return null;
    return Number.isSafeInteger(value) ? (value as number) : this.wrong(key, 'an integer');
  }

  boolean(key: string, fallback: boolean): boolean {
    const value = this.source[key];
    if (this.missing(key)) return fallback;
    return typeof value === 'boolean' ? value : this.wrong(key, 'true or false');
  }

  object(key: string): JsonObject {
    const value = this.source[key];
    if (this.missing(key)) return {};
    return isObject(value) ? value : this.wrong(key, 'an object');
  }

  integerList(key: string): number[] | null {
    const value = this.source[key];
    if (this.missing(key)) return null;
    if (!Array.isArray(value) || !value.every((item) => Number.isSafeInteger(item))) {
      return this.wrong(key, 'a list of integers');
    }
    return value as number[];
  }

  integerMap(key: string): Record<string, number> | undefined {
    const value = this.source[key];
    if (this.missing(key)) return undefined;
    if (!isObject(value) || !Object.values(value).every((item) => Number.isSafeInteger(item))) {
      return this.wrong(key, 'an object of integers');
    }
    return value as Record<string, number>;
  }

  /** Tags as `name` / `name:value` strings; the 15.05 exporter wrote them as a `{name: value}` object. */
  tags(key: string): string[] {
    const value = this.source[key];
    if (this.missing(key)) return [];
    if (Array.isArray(value)) {
      return value.every((tag) => typeof tag === 'string') ? (value as string[]) : this.wrong(key, 'a list of strings');
    }
    if (isObject(value)) {
      return Object.entries(value).map(([name, tagValue]) => {
        if (tagValue === null || tagValue === undefined || tagValue === '') return name;
        return typeof tagValue === 'string' ? `${name}:${tagValue}` : this.wrong(key, 'a list of strings');
      });
    }
    return this.wrong(key, 'a list of strings');
  }
}

function fieldsOf(value: unknown, where: string): Fields {
  if (!isObject(value)) throw new ArchiveFormatError(`${where} must be a JSON object, not ${describe(value)}`);
  return new Fields(value, where);
}

function listOf(value: unknown, where: string): unknown[] {
  if (!Array.isArray(value)) throw new ArchiveFormatError(`${where} must be a JSON list, not ${describe(value)}`);
  return value;
}

/** History attrs, with a null `hid_counter` when the archive leaves it out (the caller derives it). */
export type ParsedHistoryAttrs = Omit<HistoryArchiveAttrs, 'hid_counter'> & { hid_counter: number | null };

export function parseHistoryAttrs(value: unknown, where: string): ParsedHistoryAttrs {
  const fields = fieldsOf(value, where);
  return {
    name: fields.requiredString('name'),
    hid_counter: fields.integer('hid_counter'),
    genome_build: fields.nullableString('genome_build'),
    annotation: fields.nullableString('annotation'),
    tags: fields.tags('tags'),
    create_time: fields.nullableString('create_time'),
    update_time: fields.nullableString('update_time'),
  };
}

export function parseDatasetAttrs(value: unknown, where: string): DatasetArchiveAttrs {
  const fields = fieldsOf(value, where);
  const metadata = fields.object('metadata');
  // The platform kept the dbkey in metadata and did not write a top-level key.
  const metadataDbkey = typeof metadata.dbkey === 'string' ? metadata.dbkey : '?';
  return {
    name: fields.requiredString('name'),
    hid: fields.requiredInteger('hid'),
    extension: fields.string('extension', 'data'),
    info: fields.nullableString('info'),
    blurb: fields.nullableString('blurb'),
    peek: fields.nullableString('peek'),
    dbkey: fields.string('dbkey', metadataDbkey),
    metadata,
    visible: fields.boolean('visible', true),
    deleted: fields.boolean('deleted', false),
    annotation: fields.nullableString('annotation'),
    tags: fields.tags('tags'),
    create_time: fields.nullableString('create_time'),
    update_time: fields.nullableString('update_time'),
    uuid: fields.nullableString('uuid'),
    file_name: fields.nullableString('file_name'),
    exported: fields.boolean('exported', true),
  };
}

export function parseJobAttrs(value: unknown, where: string): JobArchiveAttrs {
  const fields = fieldsOf(value, where);
  const inputMapping = fields.integerMap('input_mapping');
  const job: JobArchiveAttrs = {
    tool_id: fields.requiredString('tool_id'),
    tool_version: fields.nullableString('tool_version'),
    params: fields.object('params'),
    exit_code: fields.integer('exit_code'),
    state: fields.string('state', 'ok'),
    create_time: fields.nullableString('create_time'),
    update_time: fields.nullableString('update_time'),
    // Later exporters wrote only input_mapping; its hids are the inputs then.
    input_datasets: fields.integerList('input_datasets') ?? Object.values(inputMapping ?? {}),
    output_datasets: fields.integerList('output_datasets') ?? [],
  };
  if (inputMapping !== undefined) job.input_mapping = inputMapping;
  return job;
}

export function parseDatasetList(value: unknown, where: string): DatasetArchiveAttrs[] {
  return listOf(value, where).map((item, index) => parseDatasetAttrs(item, `${where}[${index}]`));
}

export function parseJobList(value: unknown, where: string): JobArchiveAttrs[] {
  return listOf(value, where).map((item, index) => parseJobAttrs(item, `${where}[${index}]`));
}
