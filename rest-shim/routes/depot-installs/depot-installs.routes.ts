import { route, type RouteArea, type RouteSpec } from '../../core/route';
import type { RouteInput } from '../../core/route-input';

/**
 * Installing from depots, in both spellings: the contract's `/api/depot_repositories` with
 * `depot_url` and `depot_tool_conf`, and `/api/tool_shed_repositories` with `tool_shed_url` and
 * `shed_tool_conf`, as installation scripts and client libraries send them (either spelling of a
 * parameter is read on both paths).
 */

type Spelling = { prefix: string; style: 'DEPOT' | 'TOOL_SHED'; url: string; urls: string; conf: string };

const DEPOT: Spelling = { prefix: 'depot_repositories', style: 'DEPOT', url: 'depot_url', urls: 'depot_urls', conf: 'depot_tool_conf' };
const TOOL_SHED: Spelling = { prefix: 'tool_shed_repositories', style: 'TOOL_SHED', url: 'tool_shed_url', urls: 'tool_shed_urls', conf: 'shed_tool_conf' };

/** The installed repository record (platform-facts §7.3: no model_class; error_message '' when none). */
const REPOSITORY = /* GraphQL */ `
  id
  tool_shed: toolShed
  name
  owner
  installed_changeset_revision: installedChangesetRevision
  changeset_revision: changesetRevision
  ctx_rev: ctxRev
  includes_datatypes: includesDatatypes
  tool_shed_status: toolShedStatus
  deleted
  uninstalled
  dist_to_shed: distToShed
  status
  error_message: errorMessage
`;

type RepositoryData = Record<string, unknown> & { id: string; error_message: string | null };

const repositoryDict = (repository: RepositoryData, spelling: Spelling) => ({
  ...repository,
  error_message: repository.error_message ?? '',
  url: `/api/${spelling.prefix}/${repository.id}`,
});

/** The element view of the imported workflow's latest version (no id, as the platform answers it). */
const WORKFLOW = 'name hasCycles hasErrors latestWorkflowUuid';

interface WorkflowData {
  name: string;
  hasCycles: boolean;
  hasErrors: boolean;
  latestWorkflowUuid: string | null;
}

const workflowElement = (workflow: WorkflowData) => ({
  model_class: 'Workflow',
  name: workflow.name,
  has_cycles: workflow.hasCycles,
  has_errors: workflow.hasErrors,
  uuid: workflow.latestWorkflowUuid,
});

interface OutcomeData {
  repositories: RepositoryData[];
  status: string | null;
  error: string | null;
}

const outcome = (result: OutcomeData, spelling: Spelling) =>
  result.status === 'error' ? { status: 'error', error: result.error } : result.repositories.map((repository) => repositoryDict(repository, spelling));

const OUTCOME = `repositories { ${REPOSITORY} } status error`;

/** Either spelling of a parameter, the route's own first. */
const either = (input: RouteInput, own: string, other: string) => input.string(own) ?? input.string(other) ?? null;
const otherOf = (spelling: Spelling) => (spelling === DEPOT ? TOOL_SHED : DEPOT);

function installOptions(input: RouteInput, spelling: Spelling) {
  return {
    style: spelling.style,
    newToolPanelSectionLabel: input.string('new_tool_panel_section_label') ?? null,
    toolPanelSectionId: input.string('tool_panel_section_id') ?? null,
    installRepositoryDependencies: input.bool('install_repository_dependencies'),
    installToolDependencies: input.bool('install_tool_dependencies'),
    depotToolConf: either(input, spelling.conf, otherOf(spelling).conf),
  };
}

/** `key` as the platform requires it for imports: a query parameter (or form field), not another credential. */
const keyGiven = (input: RouteInput) => input.query.key !== undefined || input.body.key !== undefined;

function spellingRoutes(spelling: Spelling): RouteSpec<unknown>[] {
  const base = `/api/${spelling.prefix}`;
  const install = (path: string) =>
    route<{ installDepotRevision: OutcomeData }>({
      method: 'post',
      path,
      access: 'admin',
      operation: `mutation ($input: InstallDepotRevisionInput!) { installDepotRevision(input: $input) { ${OUTCOME} } }`,
      variables: (input) => ({
        input: {
          ...installOptions(input, spelling),
          depotUrl: either(input, spelling.url, otherOf(spelling).url),
          name: input.string('name') ?? null,
          owner: input.string('owner') ?? null,
          changesetRevision: input.string('changeset_revision') ?? null,
        },
      }),
      shape: (data) => outcome(data.installDepotRevision, spelling),
    });
  const importOne = (path: string) =>
    route<{ importDepotWorkflow: WorkflowData | null }>({
      method: 'post',
      path,
      access: 'user',
      operation: `mutation ($id: ID, $index: String, $keyGiven: Boolean) { importDepotWorkflow(repositoryId: $id, index: $index, keyGiven: $keyGiven) { ${WORKFLOW} } }`,
      variables: (input) => ({ id: input.path.id ?? input.string('id') ?? null, index: input.string('index') ?? null, keyGiven: keyGiven(input) }),
      shape: (data) => (data.importDepotWorkflow ? workflowElement(data.importDepotWorkflow) : {}),
    });
  const importAll = (path: string) =>
    route<{ importDepotWorkflows: WorkflowData[] }>({
      method: 'post',
      path,
      access: 'user',
      operation: `mutation ($id: ID, $keyGiven: Boolean) { importDepotWorkflows(repositoryId: $id, keyGiven: $keyGiven) { ${WORKFLOW} } }`,
      variables: (input) => ({ id: input.path.id ?? input.string('id') ?? null, keyGiven: keyGiven(input) }),
      shape: (data) => data.importDepotWorkflows.map(workflowElement),
    });
  return [
    route<{ installedDepotRepositories: RepositoryData[] }>({
      method: 'get',
      path: base,
      access: 'user',
      operation: `query { installedDepotRepositories { ${REPOSITORY} } }`,
      shape: (data) => data.installedDepotRepositories.map((repository) => repositoryDict(repository, spelling)),
    }),
    route<{ exportedDepotWorkflows: Array<{ index: number; annotation: string; formatVersion: string; workflowName: string }> }>({
      method: 'get',
      path: `${base}/:id/exported_workflows`,
      access: 'user',
      operation: 'query ($id: ID!) { exportedDepotWorkflows(repositoryId: $id) { index annotation formatVersion workflowName } }',
      variables: (input) => ({ id: input.path.id }),
      shape: (data) =>
        data.exportedDepotWorkflows.map((workflow) => ({ index: workflow.index, annotation: workflow.annotation, format_version: workflow.formatVersion, workflow_name: workflow.workflowName })),
    }),
    route<{ installedDepotRepository: RepositoryData | null }>({
      method: 'get',
      path: `${base}/:id`,
      access: 'user',
      operation: `query ($id: ID!) { installedDepotRepository(id: $id) { ${REPOSITORY} } }`,
      variables: (input) => ({ id: input.path.id }),
      // An id that names no record: the platform answers an empty object.
      shape: (data) => (data.installedDepotRepository ? repositoryDict(data.installedDepotRepository, spelling) : {}),
    }),
    route<{ latestInstallableDepotRevision: { changesetRevision: string | null; status: string | null; error: string | null } }>({
      method: 'post',
      path: `${base}/get_latest_installable_revision`,
      access: 'admin',
      operation: `query ($style: DepotParameterStyle, $url: String, $name: String, $owner: String) {
        latestInstallableDepotRevision(style: $style, depotUrl: $url, name: $name, owner: $owner) { changesetRevision status error }
      }`,
      variables: (input) => ({ style: spelling.style, url: either(input, spelling.url, otherOf(spelling).url), name: input.string('name') ?? null, owner: input.string('owner') ?? null }),
      shape: ({ latestInstallableDepotRevision: latest }) => (latest.status === 'error' ? { status: 'error', error: latest.error } : latest.changesetRevision),
    }),
    install(`${base}/install_repository_revision`),
    install(`${base}/new/install_repository_revision`),
    route<{ installDepotRevisions: OutcomeData }>({
      method: 'post',
      path: `${base}/install_repository_revisions`,
      access: 'admin',
      operation: `mutation ($input: InstallDepotRevisionsInput!) { installDepotRevisions(input: $input) { ${OUTCOME} } }`,
      variables: (input) => ({
        input: {
          ...installOptions(input, spelling),
          depotUrls: input.listify(spelling.urls) ?? input.listify(otherOf(spelling).urls) ?? [],
          names: input.listify('names') ?? [],
          owners: input.listify('owners') ?? [],
          changesetRevisions: input.listify('changeset_revisions') ?? [],
        },
      }),
      shape: (data) => outcome(data.installDepotRevisions, spelling),
    }),
    importOne(`${base}/import_workflow`),
    importOne(`${base}/:id/import_workflow`),
    importAll(`${base}/import_workflows`),
    importAll(`${base}/:id/import_workflows`),
  ];
}

export const depotInstallsArea: RouteArea = {
  area: 'depot_install',
  routes: [...spellingRoutes(DEPOT), ...spellingRoutes(TOOL_SHED)],
};
