import { createReadStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { PAGING_MESSAGES } from '../../../../src/depot/services/search/search-query';
import { alternative, route, type RouteArea, type RouteSpec } from '../../../core/route';
import { receivedFileAsUpload } from '../../../../src/http/received-upload';
import { asksSearch, SEARCH_PAGE_FIELDS, type SearchPageData, searchRecord, searchVariables } from '../search/search-record';
import { categoryIdsOf, REPOSITORY_ELEMENT_FIELDS, REPOSITORY_FIELDS, REPOSITORY_HIT_FIELDS, type RepositoryData, type RepositoryHitData, repositoryHit, repositoryRecord } from './repository-record';

/** Repositories: what publishing clients create and show, and where revisions are uploaded. */
export const depotRepositoriesArea: RouteArea = {
  area: 'depot_repositories',
  routes: [
    {
      method: 'get',
      path: '/api/repositories',
      access: 'anonymous',
      // With a `q`, the Tool Shed client's `search_repositories`: the original's search object.
      alternatives: {
        pick: (input) => (asksSearch(input) ? 'search' : 'index'),
        routes: {
          index: alternative<{ repositories: RepositoryData[] }>({
            operation: `query ($deleted: Boolean, $owner: String, $name: String) { repositories(deleted: $deleted, owner: $owner, name: $name) { ${REPOSITORY_FIELDS} category_ids: categoryIds } }`,
            variables: (input) => ({ deleted: input.bool('deleted'), owner: input.string('owner') ?? null, name: input.string('name') ?? null }),
            shape: (data) => data.repositories.map(repositoryRecord),
          }),
          search: alternative<{ searchRepositories: SearchPageData<RepositoryHitData> }>({
            operation: `query ($q: String!, $page: Int, $pageSize: Int) { searchRepositories(q: $q, page: $page, pageSize: $pageSize) {
              ${SEARCH_PAGE_FIELDS} hits { score matchedTerms lastUpdated fullLastUpdated approved repository { ${REPOSITORY_HIT_FIELDS} } }
            } }`,
            variables: (input) => searchVariables(input, PAGING_MESSAGES.repositories),
            shape: (data) => searchRecord(data.searchRepositories, repositoryHit),
          }),
        },
      },
    },
    route<{ createRepository: RepositoryData }>({
      method: 'post',
      path: '/api/repositories',
      access: 'user',
      operation: `mutation ($input: DepotRepositoryInput!) { createRepository(input: $input) { ${REPOSITORY_ELEMENT_FIELDS} category_ids: categoryIds } }`,
      variables: (input) => ({
        input: {
          name: input.string('name'),
          synopsis: input.string('synopsis'),
          description: input.string('description'),
          type: input.string('type'),
          homepageUrl: input.string('homepage_url'),
          remoteRepositoryUrl: input.string('remote_repository_url'),
          categoryIds: categoryIdsOf(input),
        },
      }),
      shape: (data) => repositoryRecord(data.createRepository),
    }),
    route<{ repository: RepositoryData }>({
      method: 'get',
      path: '/api/repositories/:repository_id',
      access: 'anonymous',
      operation: `query ($id: ID!) { repository(id: $id) { ${REPOSITORY_ELEMENT_FIELDS} category_ids: categoryIds } }`,
      variables: (input) => ({ id: input.path.repository_id }),
      shape: (data) => repositoryRecord(data.repository),
    }),
    route<{ uploadChangeset: { message: string; contentAlert: string } }>({
      method: 'post',
      path: '/api/repositories/:repository_id/changeset_revision',
      access: 'owner',
      operation: 'mutation ($id: ID!, $file: Upload, $message: String) { uploadChangeset(repositoryId: $id, file: $file, commitMessage: $message) { message contentAlert } }',
      variables: (input, req) => {
        const file = req?.files?.find((part) => part.field === 'file');
        return { id: input.path.repository_id, file: file ? receivedFileAsUpload(file) : null, message: input.string('commit_message') ?? null };
      },
      shape: (data) => ({ message: data.uploadChangeset.message, content_alert: data.uploadChangeset.contentAlert }),
    }),
  ],
};

/** `GET /repos/{owner}/{name}/archive/{changeset_revision}.tar.gz` (beside the API, as the original's web archives). */
export const revisionArchiveRoute: RouteSpec = route<{ revisionArchive: { path: string; fileName: string } }>({
  method: 'get',
  path: '/repos/:owner/:name/archive/:archive',
  access: 'anonymous',
  operation: 'mutation ($owner: String!, $name: String!, $changeset: String!) { revisionArchive(owner: $owner, name: $name, changesetRevision: $changeset) { path fileName } }',
  variables: (input) => ({ owner: input.path.owner, name: input.path.name, changeset: input.path.archive.replace(/\.tar\.gz$/, '') }),
  raw: async (data, _input, _req, res) => {
    res.status(200);
    res.setHeader('Content-Type', 'application/x-gzip');
    res.setHeader('Content-Disposition', `attachment; filename="${data.revisionArchive.fileName}"`);
    await pipeline(createReadStream(data.revisionArchive.path), res);
  },
});
