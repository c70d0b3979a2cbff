import { errors } from '../../errors/error-kinds';
import { sanitizeText } from '../shared';

/** A create/update payload after the platform's checks: known keys only, strings sanitized. */
export interface VisualizationPayload {
  type?: string;
  title?: string;
  slug?: string;
  dbkey?: string;
  annotation?: string;
  config?: Record<string, unknown>;
}

const STRING_KEYS = ['type', 'title', 'dbkey', 'annotation'] as const;

/** How the platform (Python 2) names a value's type in its messages: `<type 'int'>`. */
function pythonType(value: unknown): string {
  if (value === null || value === undefined) return "<type 'NoneType'>";
  if (typeof value === 'boolean') return "<type 'bool'>";
  if (typeof value === 'number') return Number.isInteger(value) ? "<type 'int'>" : "<type 'float'>";
  if (typeof value === 'string') return "<type 'unicode'>";
  if (Array.isArray(value)) return "<type 'list'>";
  return "<type 'dict'>";
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * platform-facts §4.7: type, title, dbkey, annotation and slug must be strings and are sanitized;
 * config must be an object; any other key is dropped silently.
 */
export function validatePayload(raw: Record<string, unknown>): VisualizationPayload {
  const payload: VisualizationPayload = {};
  for (const key of STRING_KEYS) {
    if (!(key in raw)) continue;
    const value = raw[key];
    if (typeof value !== 'string') throw errors.invalid(`${key} must be a string or unicode: ${pythonType(value)}`);
    payload[key] = sanitizeText(value);
  }
  if ('slug' in raw) {
    if (typeof raw.slug !== 'string') throw errors.invalid(`slug must be a string: ${pythonType(raw.slug)}`);
    payload.slug = sanitizeText(raw.slug);
  }
  if ('config' in raw) {
    if (!isObject(raw.config)) throw errors.invalid(`config must be a dictionary: ${pythonType(raw.config)}`);
    payload.config = raw.config;
  }
  return payload;
}
