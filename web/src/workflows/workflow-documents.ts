import { graphql } from '../graphql';


/** What the workflow lists show of each workflow (own, shared with the caller, published). */
export const WorkflowSummaryFields = graphql(`
  fragment WorkflowSummaryFields on Workflow @_unmask {
    id
    name
    owner
    published
    importable
    stepCount
    updateTime
    tags
  }
`);

/** The caller's workflows (the graph lists those shared with them after their own). */
export const WorkflowsQuery = graphql(
  `
    query Workflows {
      workflows {
        ...WorkflowSummaryFields
      }
    }
  `,
  [WorkflowSummaryFields],
);

export const SharedWorkflowsQuery = graphql(
  `
    query SharedWorkflows {
      workflowsSharedWithMe {
        ...WorkflowSummaryFields
      }
    }
  `,
  [WorkflowSummaryFields],
);

export const PublishedWorkflowListQuery = graphql(
  `
    query PublishedWorkflowList {
      publishedWorkflows {
        ...WorkflowSummaryFields
      }
    }
  `,
  [WorkflowSummaryFields],
);

export const WorkflowQuery = graphql(`
  query Workflow($id: ID!) {
    workflow(id: $id) {
      id
      name
      owner
      annotation
      published
      importable
      stepCount
      viewerCan {
        change
        share
        run
        copy
      }
      steps {
        id
        orderIndex
        label
        type
        toolId
        toolVersion
        annotation
        toolInputs
        inputConnections {
          inputName
          stepIndex
        }
      }
    }
  }
`);

export const WorkflowInvocationsQuery = graphql(`
  query WorkflowInvocations($workflowId: ID!) {
    workflowInvocations(workflowId: $workflowId) {
      id
      state
      createTime
      historyId
    }
  }
`);

export const ImportWorkflowMutation = graphql(`
  mutation ImportWorkflow($workflow: JSON!) {
    importWorkflow(workflow: $workflow) {
      id
      name
    }
  }
`);

export const ImportSharedWorkflowMutation = graphql(`
  mutation ImportSharedWorkflow($id: ID!) {
    importSharedWorkflow(id: $id) {
      id
      name
    }
  }
`);

export const InvokeWorkflowMutation = graphql(`
  mutation InvokeWorkflow($workflowId: ID!, $input: RunWorkflowInput!) {
    invokeWorkflow(workflowId: $workflowId, input: $input) {
      id
      state
      historyId
    }
  }
`);

/** What the run screen shows of a run: the same fields from the first read and from each live change. */
export const InvocationFields = graphql(`
  fragment InvocationFields on WorkflowInvocation @_unmask {
    id
    state
    message
    historyId
    storedWorkflowId
    createTime
    updateTime
    inputs {
      id
      orderIndex
      src
    }
    steps {
      id
      orderIndex
      state
      workflowStepLabel
      outputs {
        name
        src
        collection {
          id
          hid
          name
          collectionType
          elementCount
          elements {
            id
            elementIdentifier
            dataset {
              id
            }
          }
        }
      }
      jobs {
        id
        state
        toolId
        outputs {
          name
          dataset {
            id
            hid
            name
            state
          }
        }
      }
    }
  }
`);

export const InvocationQuery = graphql(
  `
    query WorkflowInvocation($id: ID!) {
      workflowInvocation(id: $id) {
        ...InvocationFields
      }
    }
  `,
  [InvocationFields],
);

/** The run as it is when the subscription starts, then each time it (a step, a job) changes, in whichever server process. */
export const InvocationChangedSubscription = graphql(
  `
    subscription WorkflowInvocationChanged($invocationId: ID!) {
      workflowInvocationChanged(invocationId: $invocationId) {
        ...InvocationFields
      }
    }
  `,
  [InvocationFields],
);

/** Answers the whole run (its jobs deleted), so the screen shows the outcome though it stops following. */
export const CancelInvocationMutation = graphql(
  `
    mutation CancelWorkflowInvocation($id: ID!) {
      cancelWorkflowInvocation(id: $id) {
        ...InvocationFields
      }
    }
  `,
  [InvocationFields],
);
