import type { ViewSpec } from '../core/views';
import { pythonIso } from '../core/shape';
import { HDA_DETAILED_KEYS, HDA_DETAILED_SELECTION, hdaDict } from './hda.reply';
import { jsonString, jsonValue } from './json-text';

/** The platform's history serializer (platform-facts §4.1) over the History type. */
export const HISTORY_VIEW: ViewSpec = {
  fields: {
    id: 'id',
    model_class: 'model_class: __typename',
    name: 'name',
    deleted: 'deleted',
    purged: 'purged',
    url: null,
    published: 'published',
    annotation: 'annotation',
    tags: 'tags',
    contents_url: null,
    empty: 'empty',
    size: 'size',
    nice_size: 'nice_size: niceSize',
    user_id: 'user_id: userId',
    create_time: 'create_time: createTime',
    update_time: 'update_time: updateTime',
    importable: 'importable',
    slug: 'slug',
    username_and_slug: 'username_and_slug: usernameAndSlug',
    genome_build: 'genome_build: genomeBuild',
    state: 'state',
    state_details: 'state_details: stateDetails',
    state_ids: 'state_ids: stateIds',
    count: 'count',
    hdas: 'hdas: hdaIds',
    contents: `contents { ${HDA_DETAILED_SELECTION} }`,
    user_rating: null,
    community_rating: null,
  },
  views: {
    summary: ['id', 'model_class', 'name', 'deleted', 'purged', 'url', 'published', 'annotation', 'tags'],
    detailed: [
      'id', 'model_class', 'name', 'deleted', 'purged', 'url', 'published', 'annotation', 'tags',
      'contents_url', 'empty', 'size', 'nice_size', 'user_id', 'create_time', 'update_time', 'importable',
      'slug', 'username_and_slug', 'genome_build', 'state', 'state_details', 'state_ids',
    ],
  },
  needs: { url: ['id'], contents_url: ['id'] },
};

/** Adds what the shim computes: urls, ratings, platform dates, nested dataset views. */
/**
 * The history dictionary with exactly the requested keys, in the order asked: what the selection
 * brought (platform dates, nested dataset views) and what the shim computes (urls, ratings). Built
 * key by key, without copying the GraphQL result.
 */
export function historyDict(history: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> {
  const id = history.id as string;
  const out: Record<string, unknown> = {};
  for (const key of keys) {
    switch (key) {
      case 'url':
        out.url = `/api/histories/${id}`;
        break;
      case 'contents_url':
        out.contents_url = `/api/histories/${id}/contents`;
        break;
      case 'user_rating':
        out.user_rating = null;
        break;
      case 'community_rating':
        out.community_rating = 0;
        break;
      case 'create_time':
      case 'update_time':
        if (key in history) out[key] = pythonIso(history[key]);
        break;
      case 'contents':
        if (Array.isArray(history.contents)) out.contents = history.contents.map((hda: Record<string, unknown>) => hdaDict(hda, HDA_DETAILED_KEYS));
        break;
      default:
        if (key in history) out[key] = history[key];
    }
  }
  return out;
}

/** The summary view's keys, in its order. */
const SUMMARY_KEYS = HISTORY_VIEW.views.summary;

/** Whether `keys` are the summary view's, in its order (asked once per listing, not per history). */
export const isHistorySummary = (keys: readonly string[]): boolean => keys.length === SUMMARY_KEYS.length && keys.every((key, i) => key === SUMMARY_KEYS[i]);

/**
 * `JSON.stringify(historyDict(history, summary keys))` written straight from the selection: the index
 * of 100,000 histories builds no dictionary per history. A history lacking a field (a selection
 * never does) takes the generic path, which leaves the key out as the dictionary would.
 */
export function historySummaryJson(history: Record<string, unknown>): string {
  const { id, model_class: modelClass, name, deleted, purged, published, annotation, tags } = history;
  if (typeof id !== 'string' || modelClass === undefined || name === undefined || deleted === undefined || purged === undefined || published === undefined || annotation === undefined || !Array.isArray(tags)) {
    return JSON.stringify(historyDict(history, SUMMARY_KEYS));
  }
  return (
    `{"id":${jsonString(id)},"model_class":${jsonValue(modelClass)},"name":${jsonValue(name)},"deleted":${jsonValue(deleted)},"purged":${jsonValue(purged)},` +
    `"url":${jsonString(`/api/histories/${id}`)},"published":${jsonValue(published)},"annotation":${jsonValue(annotation)},"tags":${tags.length === 0 ? '[]' : JSON.stringify(tags)}}`
  );
}
