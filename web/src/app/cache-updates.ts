import type { Cache, CacheExchangeOpts } from '@urql/exchange-graphcache';
import { WORKFLOW_MANAGEMENT_UPDATES } from '../workflows/manage/workflow-cache-updates';

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
    FolderContents: () => null,
    WorkflowStepConnection: () => null,
    WorkflowRunStep: () => null,
    WorkflowRunProblem: () => null,
    // A run's output lives inside its step (its collection is normalised by its own id).
    WorkflowInvocationOutput: () => null,
    // A sharing status's id is its item's, unique within its kind only (a history and a workflow may share one).
    SharingStatus: (status) => `${String(status.kind)}:${String(status.id)}`,
    ShareResult: () => null,
    // A page's embedded item is named by its kind and id (a history and a dataset may share an encoded id).
    PageEmbed: (embed) => `${String(embed.kind)}:${String(embed.id)}`,
    // A chunk of a dataset's lines lives inside the dataset, under its offset and limit.
    DatasetTextChunk: () => null,
    DatasetChartPage: () => null,
    // What the caller may do with an item lives inside the item (the client starts afresh when the caller changes).
    HistoryActions: () => null,
    WorkflowActions: () => null,
    VisualizationActions: () => null,
    // An export's state lives under its export id; what a library import made lives in its answer.
    HistoryExportStatus: () => null,
    HistoryExportProgress: (progress) => String(progress.exportId),
    LibraryImportOutcome: () => null,
  },
  updates: {
    Mutation: {
      createHistory: (_result, _args, cache) => invalidateQueryField(cache, 'histories'),
      deleteHistory: (_result, _args, cache) => invalidateQueryField(cache, 'histories'),
      undeleteHistory: (_result, _args, cache) => invalidateQueryField(cache, 'histories'),
      // New datasets reach the history panel through the historyItemChanged subscription.
      runTool: (_result, _args, cache) => invalidateQueryField(cache, 'histories'),
      setCurrentHistory: (_result, _args, cache) => invalidateQueryField(cache, 'histories'),
      // A dataset copied or made by a run reaches the history panel through the historyItemChanged subscription.
      copyDataset: (_result, _args, cache) => invalidateQueryField(cache, 'historyContents'),
      invokeWorkflow: (_result, _args, cache) => invalidateQueryField(cache, 'workflowInvocations'),
      invokeWorkflowChecked: (_result, _args, cache) => {
        invalidateQueryField(cache, 'workflowInvocations');
        invalidateQueryField(cache, 'histories');
      },
      importWorkflow: (_result, _args, cache) => invalidateQueryField(cache, 'workflows'),
      importSharedWorkflow: (_result, _args, cache) => invalidateQueryField(cache, 'workflows'),
      createLibrary: (_result, _args, cache) => invalidateQueryField(cache, 'libraries'),
      createFolder: (_result, _args, cache) => invalidateQueryField(cache, 'folderContents'),
      createLibraryContent: (_result, _args, cache) => invalidateQueryField(cache, 'folderContents'),
      // The status itself is updated where it shows (by kind and id); the lists it changes are asked again.
      setSharingAccess: (_result, _args, cache) => {
        for (const field of ['publishedHistories', 'publishedPages', 'publishedVisualizations', 'publishedWorkflows', 'workflows', 'histories', 'pages', 'visualizations']) {
          invalidateQueryField(cache, field);
        }
      },
      createVisualization: (_result, _args, cache) => invalidateQueryField(cache, 'visualizations'),
      importLibraryItemsIntoHistory: (_result, _args, cache) => invalidateQueryField(cache, 'histories'),
      addHistoryDatasetsToFolder: (_result, _args, cache) => invalidateQueryField(cache, 'folderContents'),
      ...WORKFLOW_MANAGEMENT_UPDATES,
    },
  },
};
