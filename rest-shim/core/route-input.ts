import type { Request } from 'express';
import { AppError } from '../../src/errors/error-kinds';
import { stringAsBool } from '../../src/format/booleans';
import { pythonText } from '../../src/format/python-text';
import { isPlainObject } from '../../src/http/body-parser';
import { rejectNulText } from '../../src/http/text-guard';

const MAX_GRAPHQL_INT = 2 ** 31 - 1;

/**
 * The inputs of one request as the platform reads them: path parameters, then the payload
 * (JSON or form body), then the query string.
 */
export class RouteInput {
  readonly path: Record<string, string>;
  readonly body: Record<string, unknown>;
  readonly query: Record<string, unknown>;
  private readonly headers: Request['headers'];

  constructor(req: Request) {
    this.headers = req.headers;
    // A wildcard segment (`*name`, e.g. a depot tool's guid) arrives as its parts: rejoin them.
    this.path = Object.fromEntries(Object.entries(req.params as Record<string, string | string[]>).map(([name, value]) => [name, Array.isArray(value) ? value.join('/') : value]));
    this.body = isPlainObject(req.body) ? req.body : {};
    this.query = req.query as Record<string, unknown>;
    // Text from any part of the request (files' names included) is refused with NUL, before a query sees it.
    rejectNulText(this.path, this.body, this.query, (req.files ?? []).map((file) => [file.field, file.filename, file.mimetype]));
  }

  header(name: string): string | undefined {
    const value = this.headers[name.toLowerCase()];
    return Array.isArray(value) ? value[0] : value;
  }

  /** A payload field, else a query parameter. */
  get(name: string): unknown {
    return this.body[name] !== undefined ? this.body[name] : this.query[name];
  }

  has(name: string): boolean {
    return this.get(name) !== undefined;
  }

  /**
   * A text parameter; a number or a boolean is taken as its text. A list (a repeated parameter, a
   * JSON list) or an object is refused: the platform never reads the first of several values.
   */
  string(name: string): string | undefined {
    const value = this.get(name);
    if (value === undefined || value === null) return undefined;
    if (typeof value === 'string') return value;
    if (typeof value === 'number' || typeof value === 'boolean') return String(value);
    throw notText(name, value);
  }

  /**
   * A parameter the platform compares with named values (or parses) and echoes when refused: its
   * value as the platform's `'%s' % value` prints it (a list as `[u'a']`, true as `True`), so a value
   * that is not text is refused as any other unknown value. Undefined when absent or null.
   */
  pythonText(name: string): string | undefined {
    const value = this.get(name);
    return value === undefined || value === null ? undefined : pythonText(value);
  }

  /** A positive integer (a page, a page size); anything else is the fallback; capped at GraphQL's Int. */
  positiveInt(name: string, fallback: number): number {
    const value = Number(this.string(name));
    return Number.isInteger(value) && value > 0 ? Math.min(value, MAX_GRAPHQL_INT) : fallback;
  }

  /**
   * The role-page parameters of the permission routes (scope, page, page_limit, q); what is absent
   * or unusable is left out, so the graph's defaults apply.
   */
  rolePage(): { scope: string | null; page?: number; pageLimit?: number; q: string | null } {
    const positive = (name: string) => {
      const value = this.positiveInt(name, 0);
      return value > 0 ? value : undefined;
    };
    return { scope: this.string('scope') ?? null, page: positive('page'), pageLimit: positive('page_limit'), q: this.string('q') ?? null };
  }

  /** A JSON value given as itself or as its JSON text (form posts); text that is not JSON stays text. */
  json(name: string): unknown {
    const value = this.get(name);
    if (typeof value !== 'string') return value ?? null;
    try {
      return JSON.parse(value) as unknown;
    } catch {
      return value;
    }
  }

  /** The platform's `string_as_bool` reading. */
  bool(name: string, fallback = false): boolean {
    return stringAsBool(this.get(name), fallback);
  }

  /** A list parameter sent as `name`, `name[]`, repeated, or as a JSON list. */
  list(name: string): string[] | undefined {
    const value = this.get(name) ?? this.get(`${name}[]`);
    if (value === undefined || value === null) return undefined;
    const items = Array.isArray(value) ? value : [value];
    return items.filter((item) => item !== null && item !== undefined).map(itemText);
  }

  /** The serialization's `keys`: comma-separated text, or a list of names (the platform takes either). */
  keys(): string | undefined {
    const value = this.get('keys');
    return Array.isArray(value) ? value.map(itemText).join(',') : this.string('keys');
  }

  /** The platform's `listify`: a list, or a text split on commas. */
  listify(name: string): string[] | undefined {
    const value = this.get(name);
    if (value === undefined || value === null || value === '') return value === undefined ? undefined : [];
    if (Array.isArray(value)) return value.map(itemText);
    return itemText(value)
      .split(',')
      .map((item) => item.trim())
      .filter((item) => item.length > 0);
  }
}

/** One item of a list parameter as text: a nested list or object as the platform prints it (it then fails as an id or a name would). */
const itemText = (item: unknown): string => (typeof item === 'object' && item !== null ? pythonText(item) : String(item));

/** A text parameter given as a list or an object: the route's 400, echoing (a bounded part of) the value. */
export function notText(name: string, value: unknown): AppError {
  return new AppError('RequestParameterInvalidException', `Invalid value for '${name}' parameter ( ${pythonText(value)} ) specified.`);
}
