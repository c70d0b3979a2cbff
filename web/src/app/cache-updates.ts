import type { Cache, CacheExchangeOpts } from '@urql/exchange-graphcache';

const TOOL_INPUT_TYPES = [
  'TextToolInput',
  'HiddenToolInput',
  'IntegerToolInput',
  'FloatToolInput',
  'BooleanToolInput',
  'SelectToolInput',
  'FileToolInput',
  'DataToolInput',
  'DataCollectionToolInput',
  'DataColumnToolInput',
  'RepeatToolInput',
  'ConditionalToolInput',
  'SectionToolInput',
];

/** Drops every cached answer of a Query field (all its argument sets): the next read asks the graph. */
function invalidateQueryField(cache: Cache, fieldName: string): void {
  for (const field of cache.inspectFields('Query')) {
    if (field.fieldName === fieldName) cache.invalidate('Query', field.fieldKey);
  }
}

/**
 * The normalised cache: objects by __typename and id, so a renamed history or dataset changes
 * everywhere it shows (a history's pages of contents included: the subscription's changes land
 * there too). Lists a mutation changes the membership of are asked again.
 */
export const cacheOptions: CacheExchangeOpts = {
  keys: {
    // Objects without an id of their own live inside their parent.
    Viewer: () => null,
    Usage: () => null,
    ToolRun: () => null,
    ToolOutput: () => null,
    JobDataset: () => null,
    HistoryItemConnection: () => null,
    HistoryItemEdge: () => null,
    PageInfo: () => null,
    ToolPanelSection: () => null,
    ToolSelectOption: () => null,
    ToolConditionalCase: () => null,
    // A tool's inputs live inside the tool.
    ...Object.fromEntries(TOOL_INPUT_TYPES.map((typename) => [typename, () => null])),
  },
  updates: {
    Mutation: {
      createHistory: (_result, _args, cache) => invalidateQueryField(cache, 'histories'),
      deleteHistory: (_result, _args, cache) => invalidateQueryField(cache, 'histories'),
      undeleteHistory: (_result, _args, cache) => invalidateQueryField(cache, 'histories'),
      // New datasets reach the history panel through the historyItemChanged subscription.
      runTool: (_result, _args, cache) => invalidateQueryField(cache, 'histories'),
      setCurrentHistory: (_result, _args, cache) => invalidateQueryField(cache, 'histories'),
    },
  },
};
