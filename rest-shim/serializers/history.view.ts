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
export function shapeHistory(history: Record<string, unknown>, isAdmin: boolean): Record<string, unknown> {
  const id = history.id as string;
  const shaped: Record<string, unknown> = { ...history, url: `/api/histories/${id}`, contents_url: `/api/histories/${id}/contents`, user_rating: null, community_rating: 0 };
  if ('create_time' in history) shaped.create_time = pythonIso(history.create_time);
  if ('update_time' in history) shaped.update_time = pythonIso(history.update_time);
  if (Array.isArray(history.contents)) shaped.contents = history.contents.map((hda: Record<string, unknown>) => hdaDict(hda, HDA_DETAILED_KEYS));
  return shaped;
}
