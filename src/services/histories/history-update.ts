import { AppError } from '../../errors/error-kinds';
import type { History } from '../../entities/history.entity';
import { sanitizeText } from '../shared';

/** What an update payload may change, after validation; tags are applied separately. */
export interface HistoryChanges {
  name?: string;
  annotation?: string | null;
  genomeBuild?: string | null;
  slug?: string | null;
  deleted?: boolean;
  published?: boolean;
  importable?: boolean;
  tags?: string[];
}

const invalid = (key: string, value: unknown, expected: string) =>
  new AppError('ObjectAttributeInvalidException', `${key} must be ${expected}: ${typeof value}`, { key });

/** Width of the history's text columns (name, genome_build, slug). */
export const HISTORY_TEXT_LENGTH = 255;

/** The first `length` characters (code points, as PostgreSQL counts them). */
export function clip(text: string, length: number): string {
  const chars = Array.from(text);
  return chars.length > length ? chars.slice(0, length).join('') : text;
}

/**
 * A history name as stored: sanitized, 'Unnamed history' when nothing is left, and cut to the
 * column's width as the platform's trimmed string column does (a long name is never an error).
 */
export function historyName(text: string | null | undefined): string {
  const name = text ? sanitizeText(text) : '';
  return clip(name || 'Unnamed history', HISTORY_TEXT_LENGTH);
}

function text(key: string, value: unknown, nullable: boolean): string | null {
  if (value === null && nullable) return null;
  if (typeof value !== 'string') throw invalid(key, value, 'a string');
  return sanitizeText(value);
}

function flag(key: string, value: unknown): boolean {
  if (typeof value === 'boolean') return value;
  if (value === 'true' || value === 'True') return true;
  if (value === 'false' || value === 'False') return false;
  throw invalid(key, value, 'a boolean');
}

/**
 * The platform's history deserializers: known keys are type-checked and sanitized, unknown keys are
 * ignored. Strings are HTML-sanitized with the platform's allow-list.
 */
export function parseHistoryChanges(payload: Record<string, unknown>): HistoryChanges {
  const changes: HistoryChanges = {};
  for (const [key, value] of Object.entries(payload)) {
    switch (key) {
      case 'name':
        if (typeof value !== 'string') throw invalid(key, value, 'a string');
        changes.name = historyName(value);
        break;
      case 'annotation':
        changes.annotation = text(key, value, true);
        break;
      case 'genome_build': {
        const build = text(key, value, true);
        changes.genomeBuild = build === null ? null : clip(build, HISTORY_TEXT_LENGTH);
        break;
      }
      case 'slug': {
        const slug = text(key, value, true);
        if (slug !== null && !/^[a-z0-9-]+$/.test(slug)) throw new AppError('ObjectAttributeInvalidException', 'Invalid slug', { key });
        // A slug is part of the history's address: refused rather than cut.
        if (slug !== null && slug.length > HISTORY_TEXT_LENGTH) {
          throw new AppError('ObjectAttributeInvalidException', `slug must be at most ${HISTORY_TEXT_LENGTH} characters`, { key });
        }
        changes.slug = slug;
        break;
      }
      case 'deleted':
      case 'published':
      case 'importable':
        changes[key] = flag(key, value);
        break;
      case 'tags':
        if (!Array.isArray(value) || value.some((tag) => typeof tag !== 'string')) throw invalid(key, value, 'a list of strings');
        changes.tags = value as string[];
        break;
      default:
        break;
    }
  }
  return changes;
}

/** Applies validated changes (publishing makes a history importable, as on the platform). */
export function applyHistoryChanges(history: History, changes: HistoryChanges): void {
  if (changes.name !== undefined) history.name = changes.name;
  if (changes.annotation !== undefined) history.annotation = changes.annotation;
  if (changes.genomeBuild !== undefined) history.genomeBuild = changes.genomeBuild;
  if (changes.slug !== undefined) history.slug = changes.slug;
  if (changes.deleted !== undefined) history.deleted = changes.deleted;
  if (changes.importable !== undefined) history.importable = changes.importable;
  if (changes.published !== undefined) {
    history.published = changes.published;
    if (changes.published) history.importable = true;
  }
}
