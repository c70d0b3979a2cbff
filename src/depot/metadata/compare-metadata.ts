import type { RevisionMetadata } from './metadata-types';

/** What a revision offers to install, as comparable keys per kind. */
function offered(metadata: RevisionMetadata): Record<string, Set<string>> {
  const toolDependencies = metadata.tool_dependencies ?? {};
  return {
    tools: new Set((metadata.tools ?? []).map((tool) => `${tool.id}\u0000${tool.version}`)),
    workflows: new Set((metadata.workflows ?? []).map(([, workflow]) => String(workflow.name ?? ''))),
    datatypes: new Set((metadata.datatypes ?? []).map((datatype) => `${datatype.extension}\u0000${datatype.dtype}`)),
    repositoryDependencies: new Set((metadata.repository_dependencies?.repository_dependencies ?? []).map((tuple) => tuple.join('\u0000'))),
    toolDependencies: new Set(
      Object.entries(toolDependencies).flatMap(([key, value]) => (Array.isArray(value) ? value.map((variable) => `set_environment\u0000${variable.name}`) : [key])),
    ),
  };
}

/**
 * The platform's installable-revision rule: a revision whose metadata keeps everything the previous
 * installable revision offered (every tool at its version, workflow, datatype and dependency) only
 * supersedes it; one that drops or changes any of it (a tool's new version, a tool removed) is a
 * new installable revision.
 */
export function keepsEverythingOf(newer: RevisionMetadata, older: RevisionMetadata): boolean {
  const now = offered(newer);
  const before = offered(older);
  return Object.keys(before).every((kind) => [...before[kind]].every((item) => now[kind].has(item)));
}
