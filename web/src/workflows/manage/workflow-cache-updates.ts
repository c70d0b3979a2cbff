import type { Cache, UpdatesConfig } from '@urql/exchange-graphcache';

/** Drops every cached answer of these Query fields (all their argument sets): the next read asks the graph. */
function invalidateQueryFields(cache: Cache, fieldNames: string[]): void {
  for (const field of cache.inspectFields('Query')) {
    if (fieldNames.includes(field.fieldName)) cache.invalidate('Query', field.fieldKey);
  }
}

const LISTS = ['workflows', 'deletedWorkflows'];

/**
 * What managing workflows changes in the cache: the lists a workflow joins or leaves are asked
 * again; a revert makes a new version, so the workflow's steps and versions are read anew.
 */
export const WORKFLOW_MANAGEMENT_UPDATES: NonNullable<UpdatesConfig['Mutation']> = {
  copyWorkflow: (_result, _args, cache) => invalidateQueryFields(cache, LISTS),
  deleteWorkflow: (_result, args, cache) => {
    invalidateQueryFields(cache, LISTS);
    cache.invalidate({ __typename: 'Workflow', id: String(args.id) });
  },
  undeleteWorkflow: (_result, _args, cache) => invalidateQueryFields(cache, LISTS),
  importWorkflowFromUrl: (_result, _args, cache) => invalidateQueryFields(cache, LISTS),
  extractWorkflow: (_result, _args, cache) => invalidateQueryFields(cache, LISTS),
  revertWorkflow: (_result, args, cache) => cache.invalidate({ __typename: 'Workflow', id: String(args.id) }),
};
