import { graphql } from '../../graphql';

/** The history to extract from: its name and whether the caller may change it (its owner or an administrator). */
export const ExtractHistoryQuery = graphql(`
  query ExtractHistory($id: ID!) {
    history(id: $id) {
      id
      name
      viewerCan {
        change
      }
    }
  }
`);

/** The history's jobs (the caller's), with their tools and the datasets they read and made. */
export const HistoryJobsQuery = graphql(`
  query HistoryJobsForExtraction($historyId: String!) {
    jobs(historyId: $historyId) {
      id
      toolId
      toolName
      state
      createTime
      inputs {
        name
        dataset {
          id
          historyId
          hid
          name
        }
      }
      outputs {
        name
        dataset {
          id
          historyId
          hid
          name
        }
      }
    }
  }
`);

/** The contract's extraction (POST /api/workflows with from_history_id, job_ids, dataset_ids). */
export const ExtractWorkflowMutation = graphql(`
  mutation ExtractWorkflow($input: WorkflowExtractionInput!) {
    extractWorkflow(input: $input) {
      id
      name
      stepCount
    }
  }
`);
