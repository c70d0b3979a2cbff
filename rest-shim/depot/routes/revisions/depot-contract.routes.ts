import { route, type RouteArea } from '../../../core/route';
import { capsuleRoutes } from '../capsules/capsules.routes';
import type { RouteInput } from '../../../core/route-input';
import { REPOSITORY_ELEMENT_FIELDS, type RepositoryData, repositoryRecord } from '../repositories/repository-record';
import { REVISION_ELEMENT_FIELDS, REVISION_FIELDS, type RevisionData, revisionRecord, revisionWithUrl } from './revision-record';

/** The index's boolean filters: the platform's parameter -> the graph's filter. */
const FILTERS: Record<string, string> = {
  downloadable: 'downloadable',
  malicious: 'malicious',
  tools_functionally_correct: 'toolsFunctionallyCorrect',
  missing_test_components: 'missingTestComponents',
  do_not_test: 'doNotTest',
  includes_tools: 'includesTools',
  test_install_error: 'testInstallError',
  skip_tool_test: 'skipToolTest',
};

/** The columns PUT may set: the platform's name -> the graph's. */
const SETTABLE: Record<string, string> = {
  downloadable: 'downloadable',
  malicious: 'malicious',
  do_not_test: 'doNotTest',
  missing_test_components: 'missingTestComponents',
  test_install_error: 'testInstallError',
  tools_functionally_correct: 'toolsFunctionallyCorrect',
  skip_tool_test: 'skipToolTest',
};

function filterOf(input: RouteInput): Record<string, boolean> {
  const filter: Record<string, boolean> = {};
  for (const [parameter, field] of Object.entries(FILTERS)) if (input.has(parameter)) filter[field] = input.bool(parameter);
  return filter;
}

function updateOf(input: RouteInput): Record<string, unknown> {
  const update: Record<string, unknown> = {};
  for (const [parameter, field] of Object.entries(SETTABLE)) if (input.body[parameter] !== undefined && input.body[parameter] !== null) update[field] = input.bool(parameter);
  if (input.body.tool_test_results !== undefined) update.toolTestResults = input.json('tool_test_results');
  return update;
}

/** The repository dictionary keys a dependency's revision dictionary does not have yet are added (never overwriting). */
function mergedDependency(revision: RevisionData, repository: RepositoryData): Record<string, unknown> {
  const merged: Record<string, unknown> = revisionRecord(revision);
  for (const [key, value] of Object.entries(repositoryRecord(repository))) if (!(key in merged)) merged[key] = value;
  return { ...merged, url: `/api/repositories/${repository.id}` };
}

const depotUrlOf = (input: RouteInput) => input.string('depot_url') ?? input.string('tool_shed_url') ?? null;

/** The contract's endpoints of the depot application (ten, with the capsules). */
export const depotContractArea: RouteArea = {
  area: 'depot',
  routes: [
    route<{ orderedInstallableRevisions: string[] }>({
      method: 'get',
      path: '/api/repositories/get_ordered_installable_revisions',
      access: 'anonymous',
      operation: 'query ($name: String, $owner: String) { orderedInstallableRevisions(name: $name, owner: $owner) }',
      variables: (input) => ({ name: input.string('name') ?? null, owner: input.string('owner') ?? null }),
      shape: (data) => data.orderedInstallableRevisions,
    }),
    route<{ repositoryInstallInfo: { repository: RepositoryData | null; revision: RevisionData | null; repoInfo: Record<string, unknown> } }>({
      method: 'get',
      path: '/api/repositories/get_repository_revision_install_info',
      access: 'anonymous',
      operation: `query ($name: String, $owner: String, $changeset: String) {
        repositoryInstallInfo(name: $name, owner: $owner, changesetRevision: $changeset) {
          repository { ${REPOSITORY_ELEMENT_FIELDS} }
          revision { ${REVISION_FIELDS} }
          repoInfo
        }
      }`,
      variables: (input) => ({ name: input.string('name') ?? null, owner: input.string('owner') ?? null, changeset: input.string('changeset_revision') ?? null }),
      shape: ({ repositoryInstallInfo: info }) => [info.repository ? repositoryRecord(info.repository) : {}, info.revision ? revisionWithUrl(info.revision) : {}, info.repoInfo],
    }),
    route<{ addRepositoryRegistryEntry: { status: string; message: string } }>({
      method: 'post',
      path: '/api/repositories/add_repository_registry_entry',
      access: 'admin',
      operation: 'mutation ($depotUrl: String, $name: String, $owner: String) { addRepositoryRegistryEntry(depotUrl: $depotUrl, name: $name, owner: $owner) { status message } }',
      variables: (input) => ({ depotUrl: depotUrlOf(input), name: input.string('name') ?? null, owner: input.string('owner') ?? null }),
      shape: (data) => data.addRepositoryRegistryEntry,
    }),
    route<{ repositoryRevisions: RevisionData[] }>({
      method: 'get',
      path: '/api/repository_revisions',
      access: 'anonymous',
      operation: `query ($filter: DepotRevisionFilter) { repositoryRevisions(filter: $filter) { ${REVISION_FIELDS} } }`,
      variables: (input) => ({ filter: filterOf(input) }),
      shape: (data) => data.repositoryRevisions.map(revisionWithUrl),
    }),
    route<{ repositoryRevision: RevisionData | null }>({
      method: 'get',
      path: '/api/repository_revisions/:revision_id',
      access: 'anonymous',
      operation: `query ($id: ID!) { repositoryRevision(id: $id) { ${REVISION_ELEMENT_FIELDS} } }`,
      variables: (input) => ({ id: input.path.revision_id }),
      shape: (data) => (data.repositoryRevision ? revisionWithUrl(data.repositoryRevision) : {}),
    }),
    route<{ repositoryRevisionDependencies: Array<{ revision: RevisionData; repository: RepositoryData }> }>({
      method: 'get',
      path: '/api/repository_revisions/:revision_id/repository_dependencies',
      access: 'anonymous',
      operation: `query ($id: ID!) { repositoryRevisionDependencies(id: $id) { revision { ${REVISION_ELEMENT_FIELDS} } repository { ${REPOSITORY_ELEMENT_FIELDS} } } }`,
      variables: (input) => ({ id: input.path.revision_id }),
      shape: (data) => data.repositoryRevisionDependencies.map((dependency) => mergedDependency(dependency.revision, dependency.repository)),
    }),
    route<{ updateRepositoryRevision: RevisionData | null }>({
      method: 'put',
      path: '/api/repository_revisions/:revision_id',
      access: 'user',
      operation: `mutation ($id: ID!, $input: DepotRevisionUpdate!) { updateRepositoryRevision(id: $id, input: $input) { ${REVISION_ELEMENT_FIELDS} } }`,
      variables: (input) => ({ id: input.path.revision_id, input: updateOf(input) }),
      shape: (data) => (data.updateRepositoryRevision ? revisionWithUrl(data.updateRepositoryRevision) : {}),
    }),
    ...capsuleRoutes,
  ],
};
