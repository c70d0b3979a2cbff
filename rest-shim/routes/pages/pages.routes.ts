import { route, type RouteArea } from '../../core/route';
import type { RouteInput } from '../../core/route-input';
import { pythonIso } from '../../core/shape';
import { sharingRoutes } from '../sharing/sharing.routes';

/** The platform's page record (platform-facts §4.6: no `user` key, encoded ids). */
const PAGE = /* GraphQL */ `
  model_class: __typename
  id
  title
  latest_revision_id: latestRevisionId
  slug
  published
  importable
  deleted
  revision_ids: revisionIds
`;

const REVISION = /* GraphQL */ `
  model_class: __typename
  id
  page_id: pageId
  rawId
  rawPageId
  title
  content
  create_time: createTime
  update_time: updateTime
`;

interface RevisionData {
  model_class: string;
  id: string;
  page_id: string;
  rawId: number;
  rawPageId: number;
  title: string;
  content: string;
  create_time: string;
  update_time: string;
}

/** Python `str(datetime)`: the isoformat with a space (§4.6). */
const pythonStr = (value: string) => String(pythonIso(value)).replace('T', ' ');

/** The revision record; `raw` keeps the integer ids, as revision create does (§9). */
function revision({ rawId, rawPageId, ...rev }: RevisionData, raw: boolean) {
  return {
    ...rev,
    ...(raw ? { id: rawId, page_id: rawPageId } : {}),
    create_time: pythonStr(rev.create_time),
    update_time: pythonStr(rev.update_time),
  };
}

/** The platform tests the raw `deleted` value for truth, so any non-empty text (even 'false') includes deleted pages. */
const deletedFlag = (input: RouteInput) => {
  const value = input.get('deleted');
  return value !== undefined && value !== null && value !== '' && value !== false;
};

export const pagesArea: RouteArea = {
  area: 'pages',
  routes: [
    route<{ pages: unknown[] }>({
      method: 'get',
      path: '/api/pages',
      access: 'user',
      operation: `query ($deleted: Boolean) { pages(deleted: $deleted) { ${PAGE} } }`,
      variables: (input) => ({ deleted: deletedFlag(input) }),
      shape: (data) => data.pages,
    }),
    route<{ createPage: unknown }>({
      method: 'post',
      path: '/api/pages',
      access: 'user',
      operation: `mutation ($input: PageInput!) { createPage(input: $input) { ${PAGE} } }`,
      variables: (input) => ({
        input: { title: input.string('title'), slug: input.string('slug'), content: input.string('content'), annotation: input.string('annotation') },
      }),
      shape: (data) => data.createPage,
    }),
    route<{ page: unknown }>({
      method: 'get',
      path: '/api/pages/:page_id',
      access: 'user',
      requiresIdentity: true,
      operation: `query ($id: ID!) { page(id: $id) { ${PAGE} content } }`,
      variables: (input) => ({ id: input.path.page_id }),
      shape: (data) => data.page,
    }),
    route<{ deletePage: string }>({
      method: 'delete',
      path: '/api/pages/:page_id',
      access: 'owner',
      operation: 'mutation ($id: ID!) { deletePage(id: $id) }',
      variables: (input) => ({ id: input.path.page_id }),
      shape: (data) => data.deletePage,
    }),
    route<{ pageRevisions: RevisionData[] }>({
      method: 'get',
      path: '/api/pages/:page_id/revisions',
      access: 'owner',
      operation: `query ($pageId: ID!) { pageRevisions(pageId: $pageId) { ${REVISION} } }`,
      variables: (input) => ({ pageId: input.path.page_id }),
      shape: (data) => data.pageRevisions.map((rev) => revision(rev, false)),
    }),
    route<{ createPageRevision: RevisionData }>({
      method: 'post',
      path: '/api/pages/:page_id/revisions',
      access: 'owner',
      operation: `mutation ($pageId: ID!, $input: PageRevisionInput!) { createPageRevision(pageId: $pageId, input: $input) { ${REVISION} } }`,
      variables: (input) => ({ pageId: input.path.page_id, input: { content: input.string('content'), title: input.string('title') } }),
      shape: (data) => revision(data.createPageRevision, true),
    }),
    ...sharingRoutes('pages'),
  ],
};
