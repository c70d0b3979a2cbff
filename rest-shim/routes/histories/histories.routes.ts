import { createReadStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { stringAsBool, exportFlag } from '../../../src/format/booleans';
import { AppError } from '../../../src/errors/error-kinds';
import { isPlainObject } from '../../../src/http/body-parser';
import { route, type RouteArea } from '../../core/route';
import { setFileAnswerHeaders } from '../../core/file-answer-headers';
import type { RouteInput } from '../../core/route-input';
import { serializationOf, viewSelection } from '../../core/views';
import { HISTORY_VIEW, historyDict, historySummaryJson, isHistorySummary } from '../../serializers/history.reply';
import { historyContentsRoutes } from './history-contents.routes';
import { sharingRoutes } from '../sharing/sharing.routes';
import { provenanceRoutes } from '../jobs/provenance.routes';
import { datasetCollectionRoutes } from './history-collections.routes';

const view = viewSelection(HISTORY_VIEW);

/** The view/keys variables of a request, and the keys to return. */
const serialization = (input: RouteInput, defaultView: 'summary' | 'detailed') => serializationOf(HISTORY_VIEW, input.string('view'), input.keys(), defaultView);

const shapeOne = (history: Record<string, unknown> | null, input: RouteInput, defaultView: 'summary' | 'detailed') =>
  history ? historyDict(history, serialization(input, defaultView).keys) : null;

/** `q`/`qv` pairs (repeatable, matched by position). */
function filterPairs(input: RouteInput): Array<{ q: string; qv: string }> {
  const q = input.list('q') ?? [];
  const qv = input.list('qv') ?? [];
  if (q.length !== qv.length) throw new AppError('RequestParameterInvalidException', 'q and qv must be given in pairs');
  return q.map((name, i) => ({ q: name, qv: qv[i] }));
}

/** GraphQL's Int: a larger limit or offset means the same as this one (no history list is longer). */
const MAX_INT = 2 ** 31 - 1;

/** Non-negative integers (however large); anything else is ignored, as on the platform. */
function optionalInt(input: RouteInput, name: string): number | null {
  const text = input.string(name);
  return text !== undefined && /^\d+$/.test(text.trim()) ? Math.min(Number(text), MAX_INT) : null;
}

/** An id parameter: text as given; any other value (a JSON object…) as its text, so it fails to decode. */
function idParam(input: RouteInput, name: string): string | undefined {
  const value = input.get(name);
  if (value === undefined || value === null) return undefined;
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** The index, streamed batch by batch as it is read (sizes and states computed in its one statement). */
const INDEX = `subscription HistoriesIndex($deleted: Boolean, $filters: [HistoryFilterInput!], $limit: Int, $offset: Int, ${view.variables}) {
  historiesBatches(deleted: $deleted, filters: $filters, limit: $limit, offset: $offset) { histories { ${view.selection} } }
}`;

type HistoriesBatches<Field extends string> = Record<Field, { histories: Array<Record<string, unknown>> }>;

/** What writes one batch of a streamed history listing, in the requested view/keys (summary by default). */
const historiesJson =
  <Field extends string>(field: Field) =>
  (input: RouteInput) => {
    const { keys } = serialization(input, 'summary');
    const historyJson = isHistorySummary(keys) ? historySummaryJson : (history: Record<string, unknown>) => JSON.stringify(historyDict(history, keys));
    return (data: HistoriesBatches<Field>) => data[field].histories.map(historyJson).join(',');
  };

const SHOW = `query HistoryShow($id: ID!, ${view.variables}) { history(id: $id) { ${view.selection} } }`;

const indexRoute = (path: string, deleted: boolean | null) =>
  route<HistoriesBatches<'historiesBatches'>>({
    method: 'get',
    path,
    access: 'anonymous',
    operation: INDEX,
    variables: (input) => ({
      deleted: deleted ?? input.bool('deleted'),
      filters: filterPairs(input),
      limit: optionalInt(input, 'limit'),
      offset: optionalInt(input, 'offset'),
      ...serialization(input, 'summary').flags,
    }),
    stream: historiesJson('historiesBatches'),
  });

/** Histories of other users the caller may see: shared with them, or published (summary view, `view`/`keys`), streamed. */
const sharedListRoute = (path: string, field: 'historiesSharedWithMeBatches' | 'publishedHistoriesBatches', access: 'user' | 'anonymous') =>
  route<HistoriesBatches<typeof field>>({
    method: 'get',
    path,
    access,
    operation: `subscription (${view.variables}) { ${field} { histories { ${view.selection} } } }`,
    variables: (input) => serialization(input, 'summary').flags,
    stream: historiesJson(field),
  });

const showRoute = (path: string, fixedId?: string) =>
  route<{ history: Record<string, unknown> | null }>({
    method: 'get',
    path,
    access: 'anonymous',
    operation: SHOW,
    variables: (input) => ({ id: fixedId ?? input.path.history_id, ...serialization(input, 'detailed').flags }),
    shape: (data, input) => shapeOne(data.history, input, 'detailed'),
  });

/** Mutations answering a history in the detailed view (or the requested view/keys). */
const mutationRoute = (spec: { method: 'post' | 'put' | 'delete'; path: string; access: 'user' | 'owner'; field: string; args: string; vars: (input: RouteInput) => Record<string, unknown> }) =>
  route<Record<string, Record<string, unknown> | null>>({
    method: spec.method,
    path: spec.path,
    access: spec.access,
    operation: `mutation (${spec.args}, ${view.variables}) { result: ${spec.field} { ${view.selection} } }`,
    variables: (input) => ({ ...spec.vars(input), ...serialization(input, 'detailed').flags }),
    shape: (data, input) => shapeOne(data.result, input, 'detailed') ?? {},
  });

/** `purge` as a parameter, in the body, or inside a `payload` object. */
function purgeFlag(input: RouteInput): boolean {
  const payload = input.get('payload');
  return input.bool('purge') || (isPlainObject(payload) && stringAsBool(payload.purge));
}

/** The update payload: the body itself, or its `payload` object. */
function updatePayload(input: RouteInput): Record<string, unknown> {
  const payload = input.body.payload;
  const body = isPlainObject(payload) ? payload : input.body;
  const { key: _key, view: _view, keys: _keys, ...changes } = body;
  return changes;
}

export const historiesArea: RouteArea = {
  area: 'histories',
  routes: [
    indexRoute('/api/histories/deleted', true),
    indexRoute('/api/histories', null),
    sharedListRoute('/api/histories/shared_with_me', 'historiesSharedWithMeBatches', 'user'),
    sharedListRoute('/api/histories/published', 'publishedHistoriesBatches', 'anonymous'),
    ...sharingRoutes('histories'),
    showRoute('/api/histories/most_recently_used', 'most_recently_used'),
    showRoute('/api/histories/deleted/:history_id'),
    showRoute('/api/histories/:history_id'),
    route<{ history: { citations: unknown[] } | null }>({
      method: 'get',
      path: '/api/histories/:history_id/citations',
      access: 'anonymous',
      operation: 'query ($id: ID!) { history(id: $id) { citations } }',
      variables: (input) => ({ id: input.path.history_id }),
      shape: (data) => data.history?.citations ?? [],
    }),
    mutationRoute({
      method: 'post',
      path: '/api/histories',
      access: 'user',
      field: 'createHistory(input: $input)',
      args: '$input: NewHistoryInput!',
      vars: (input) => ({
        input: { name: input.string('name'), copyFrom: idParam(input, 'history_id'), archiveSource: input.string('archive_source'), archiveType: input.string('archive_type') },
      }),
    }),
    mutationRoute({
      method: 'delete',
      path: '/api/histories/:history_id',
      access: 'owner',
      field: 'deleteHistory(id: $id, purge: $purge)',
      args: '$id: ID!, $purge: Boolean',
      vars: (input) => ({ id: input.path.history_id, purge: purgeFlag(input) }),
    }),
    mutationRoute({
      method: 'post',
      path: '/api/histories/deleted/:history_id/undelete',
      access: 'owner',
      field: 'undeleteHistory(id: $id)',
      args: '$id: ID!',
      vars: (input) => ({ id: input.path.history_id }),
    }),
    mutationRoute({
      method: 'put',
      path: '/api/histories/:history_id',
      access: 'owner',
      field: 'updateHistory(id: $id, changes: $changes)',
      args: '$id: ID!, $changes: JSONObject!',
      vars: (input) => ({ id: input.path.history_id, changes: updatePayload(input) }),
    }),
    route<{ exportHistory: { ready: boolean; downloadUrl: string | null } }>({
      method: 'put',
      path: '/api/histories/:history_id/exports',
      access: 'owner',
      operation:
        'mutation ($id: ID!, $force: Boolean, $gzip: Boolean, $includeHidden: Boolean, $includeDeleted: Boolean) { exportHistory(id: $id, force: $force, gzip: $gzip, includeHidden: $includeHidden, includeDeleted: $includeDeleted) { ready downloadUrl } }',
      variables: (input) => ({
        id: input.path.history_id,
        // any value of `force` forces a rebuild
        force: input.has('force'),
        gzip: exportFlag(input.get('gzip'), true),
        includeHidden: exportFlag(input.get('include_hidden'), false),
        includeDeleted: exportFlag(input.get('include_deleted'), false),
      }),
      status: (data) => (data.exportHistory.ready ? 200 : 202),
      shape: (data) => (data.exportHistory.ready ? { download_url: data.exportHistory.downloadUrl } : ''),
    }),
    route<{ historyExportArchive: { path: string; filename: string; gzip: boolean } }>({
      method: 'get',
      path: '/api/histories/:history_id/exports/:jeha_id',
      access: 'owner',
      operation: 'query ($historyId: ID!, $exportId: ID!) { historyExportArchive(historyId: $historyId, exportId: $exportId) { path filename gzip } }',
      variables: (input) => ({ historyId: input.path.history_id, exportId: input.path.jeha_id }),
      raw: async (data, _input, _req, res) => {
        const archive = data.historyExportArchive;
        setFileAnswerHeaders(res);
        res.status(200);
        res.setHeader('Content-Type', archive.gzip ? 'application/x-gzip' : 'application/x-tar');
        res.setHeader('Content-Disposition', `attachment; filename="${archive.filename}"`);
        // pipeline, not pipe: a client that goes away closes the file too (pipe kept it open, and the request pending, forever).
        await pipeline(createReadStream(archive.path), res);
      },
    }),
    route<{ addHistoryTag: { id: string; name: string; value: string | null } }>({
      method: 'post',
      path: '/api/histories/:history_id/tags/:tag_name',
      access: 'owner',
      operation: 'mutation ($id: ID!, $name: String!, $value: String) { addHistoryTag(id: $id, name: $name, value: $value) { id name value } }',
      variables: (input) => ({ id: input.path.history_id, name: input.path.tag_name, value: input.string('value') ?? null }),
      shape: (data) => ({ model_class: 'HistoryTagAssociation', id: data.addHistoryTag.id, user_tname: data.addHistoryTag.name, user_value: data.addHistoryTag.value }),
    }),
    ...provenanceRoutes,
    ...historyContentsRoutes,
    ...datasetCollectionRoutes,
  ],
};
