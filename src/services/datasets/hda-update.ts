import { AppError } from '../../errors/error-kinds';
import type { HistoryDatasetAssociation } from '../../entities/hda.entity';
import { sanitizeText } from '../shared';

export interface HdaChanges {
  name?: string;
  info?: string | null;
  dbkey?: string;
  annotation?: string | null;
  deleted?: boolean;
  visible?: boolean;
  purged?: boolean;
  tags?: string[];
}

const invalid = (key: string, expected: string) => new AppError('ObjectAttributeInvalidException', `${key} must be ${expected}`, { key });

function readText(key: string, value: unknown): string {
  if (typeof value !== 'string') throw invalid(key, 'a string');
  return sanitizeText(value);
}

function readFlag(key: string, value: unknown): boolean {
  if (typeof value === 'boolean') return value;
  if (value === 'true' || value === 'True') return true;
  if (value === 'false' || value === 'False') return false;
  throw invalid(key, 'a boolean');
}

/** The history dataset deserializers: known keys checked and sanitized, others ignored. */
export function parseHdaChanges(payload: Record<string, unknown>): HdaChanges {
  const changes: HdaChanges = {};
  for (const [key, value] of Object.entries(payload)) {
    if (key === 'name') changes.name = readText(key, value);
    else if (key === 'misc_info' || key === 'info') changes.info = value === null ? null : readText(key, value);
    else if (key === 'genome_build' || key === 'dbkey') changes.dbkey = readText(key, value) || '?';
    else if (key === 'annotation') changes.annotation = value === null ? null : readText(key, value);
    else if (key === 'deleted' || key === 'visible' || key === 'purged') changes[key] = readFlag(key, value);
    else if (key === 'tags') {
      if (!Array.isArray(value) || value.some((tag) => typeof tag !== 'string')) throw invalid(key, 'a list of strings');
      changes.tags = value as string[];
    }
  }
  return changes;
}

export function applyHdaChanges(hda: HistoryDatasetAssociation, changes: HdaChanges): void {
  if (changes.name !== undefined) hda.name = changes.name;
  if (changes.info !== undefined) hda.info = changes.info;
  if (changes.dbkey !== undefined) hda.dbkey = changes.dbkey;
  if (changes.annotation !== undefined) hda.annotation = changes.annotation;
  if (changes.visible !== undefined) hda.visible = changes.visible;
  if (changes.deleted !== undefined) {
    if (!changes.deleted && hda.purged) throw new AppError('ObjectAttributeInvalidException', 'Cannot undelete a purged dataset', { key: 'deleted' });
    hda.deleted = changes.deleted;
  }
}
