import { AppError } from '../../src/errors/error-kinds';

/**
 * The platform's serializer views (`view=` and `keys=`) on top of one GraphQL document: each REST key
 * is a selection guarded by `@include(if: $k_<key>)`, so a request fetches (and pays for) only the
 * keys it returns. Keys computed by the shim (urls, constants) need no selection of their own.
 */
export interface ViewSpec {
  /** REST key -> GraphQL selection (aliased to the key), or null for keys the shape step computes. */
  fields: Record<string, string | null>;
  views: Record<string, readonly string[]>;
  /** Keys whose shape step reads other keys (e.g. url needs id). */
  needs?: Record<string, readonly string[]>;
}

const variableName = (key: string) => `k_${key.replace(/[^A-Za-z0-9_]/g, '_')}`;

/** The selection set text and the variable declarations it uses. */
export function viewSelection(spec: ViewSpec): { selection: string; variables: string } {
  const entries = Object.entries(spec.fields).filter((entry): entry is [string, string] => entry[1] !== null);
  return {
    // The directive goes before a sub-selection: `contents @include(if: $k) { … }`.
    selection: entries
      .map(([key, selection]) => {
        const directive = `@include(if: $${variableName(key)})`;
        const brace = selection.indexOf('{');
        return brace < 0 ? `${selection} ${directive}` : `${selection.slice(0, brace)}${directive} ${selection.slice(brace)}`;
      })
      .join('\n'),
    variables: entries.map(([key]) => `$${variableName(key)}: Boolean!`).join(', '),
  };
}

/** Which keys a request returns: the view's, plus `keys=`; `keys=` alone returns only those. */
export function requestedKeys(spec: ViewSpec, view: string | undefined, keys: string | undefined, defaultView: string): string[] {
  const explicit = (keys ?? '')
    .split(',')
    .map((key) => key.trim())
    .filter((key) => key in spec.fields);
  if (view !== undefined && view !== '' && !(view in spec.views)) {
    throw new AppError('RequestParameterInvalidException', `unknown view: ${view}`, { view, available_views: Object.keys(spec.views) });
  }
  const base = view ? spec.views[view] : keys ? [] : spec.views[defaultView];
  return [...new Set([...base, ...explicit])];
}

/** The `$k_*` variables for the requested keys (and the keys they need). */
export function includeFlags(spec: ViewSpec, keys: string[]): Record<string, boolean> {
  const wanted = new Set(keys.flatMap((key) => [key, ...(spec.needs?.[key] ?? [])]));
  return Object.fromEntries(Object.keys(spec.fields).filter((key) => spec.fields[key] !== null).map((key) => [variableName(key), wanted.has(key)]));
}

export interface Serialization {
  keys: string[];
  /** The `$k_*` variables of the document. */
  flags: Record<string, boolean>;
}

const MEMO_LIMIT = 256;
const memos = new WeakMap<ViewSpec, Map<string, Serialization>>();

/**
 * `requestedKeys` and `includeFlags` together, worked out once per view/keys combination (requests
 * repeat the same few), not per request. An unknown view is not remembered: it throws every time.
 */
export function serializationOf(spec: ViewSpec, view: string | undefined, keys: string | undefined, defaultView: string): Serialization {
  let memo = memos.get(spec);
  if (!memo) memos.set(spec, (memo = new Map()));
  const memoKey = `${defaultView}\u0000${view ?? '\u0001'}\u0000${keys ?? '\u0001'}`;
  let found = memo.get(memoKey);
  if (!found) {
    const requested = requestedKeys(spec, view, keys, defaultView);
    found = { keys: requested, flags: includeFlags(spec, requested) };
    if (memo.size >= MEMO_LIMIT) memo.clear();
    memo.set(memoKey, found);
  }
  return found;
}

/** Keeps the requested keys, in the order asked. */
export function pickKeys(item: Record<string, unknown>, keys: string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of keys) if (key in item) out[key] = item[key];
  return out;
}
