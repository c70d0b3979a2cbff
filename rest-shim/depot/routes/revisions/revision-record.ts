import { pythonIso } from '../../../core/shape';

/** The fields of a repository revision record (its collection view; `tool_test_results` in the element view). */
export const REVISION_FIELDS = /* GraphQL */ `
  id
  repository_id: repositoryId
  changeset_revision: changesetRevision
  malicious
  downloadable
  missing_test_components: missingTestComponents
  tools_functionally_correct: toolsFunctionallyCorrect
  do_not_test: doNotTest
  test_install_error: testInstallError
  has_repository_dependencies: hasRepositoryDependencies
  includes_datatypes: includesDatatypes
  includes_tools: includesTools
  includes_tool_dependencies: includesToolDependencies
  includes_tools_for_display_in_tool_panel: includesToolsForDisplayInToolPanel
  includes_workflows: includesWorkflows
  time_last_tested: timeLastTested
`;

export const REVISION_ELEMENT_FIELDS = `${REVISION_FIELDS} tool_test_results: toolTestResults`;

export interface RevisionData {
  id: string;
  time_last_tested: string | null;
  [key: string]: unknown;
}

/** The platform's revision dictionary (`model_class` RepositoryMetadata), its time as the platform writes it. */
export function revisionRecord(data: RevisionData): Record<string, unknown> {
  return { model_class: 'RepositoryMetadata', ...data, time_last_tested: pythonIso(data.time_last_tested) };
}

/** With the url of its own show (15.05's show pointed at the repository instead: not kept). */
export function revisionWithUrl(data: RevisionData): Record<string, unknown> {
  return { ...revisionRecord(data), url: `/api/repository_revisions/${data.id}` };
}
