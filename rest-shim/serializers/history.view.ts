import type { ViewSpec } from '../core/views';
import { pythonIso } from '../core/shape';
import { HDA_DETAILED_KEYS, HDA_DETAILED_SELECTION, hdaDict } from './hda.view';

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
