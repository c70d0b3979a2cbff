import type { Cache, CacheExchangeOpts } from '@urql/exchange-graphcache';

/** Drops every cached answer of a Query field (all its argument sets): the next read asks the graph. */
function invalidateQueryField(cache: Cache, fieldName: string): void {
  for (const field of cache.inspectFields('Query')) {
    if (field.fieldName === fieldName) cache.invalidate('Query', field.fieldKey);
  }
}

/**
 * The normalised cache: objects by __typename and id, so a renamed history or dataset changes
 * everywhere it shows. Lists a mutation changes the membership of are asked again.
 */
export const cacheOptions: CacheExchangeOpts = {
  keys: {
    // Objects without an id of their own live inside their parent.
    Viewer: () => null,
    Usage: () => null,
    ToolRun: () => null,
    ToolOutput: () => null,
    JobDataset: () => null,
  },
  updates: {
    Mutation: {
      createHistory: (_result, _args, cache) => invalidateQueryField(cache, 'histories'),
      deleteHistory: (_result, _args, cache) => invalidateQueryField(cache, 'histories'),
      undeleteHistory: (_result, _args, cache) => invalidateQueryField(cache, 'histories'),
      runTool: (_result, _args, cache) => {
        invalidateQueryField(cache, 'historyItems');
        invalidateQueryField(cache, 'histories');
      },
      updateDataset: (_result, _args, cache) => invalidateQueryField(cache, 'historyItems'),
      deleteDataset: (_result, _args, cache) => invalidateQueryField(cache, 'historyItems'),
    },
  },
};
