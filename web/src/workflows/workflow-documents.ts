import { graphql } from '../graphql';

export const WorkflowsQuery = graphql(`
  query Workflows($showPublished: Boolean) {
    workflows(showPublished: $showPublished) {
      id
      name
      owner
      published
      importable
      stepCount
      updateTime
      tags
    }
  }
`);

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

export const InvocationQuery = graphql(`
  query WorkflowInvocation($id: ID!) {
    workflowInvocation(id: $id) {
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
  }
`);

export const CancelInvocationMutation = graphql(`
  mutation CancelWorkflowInvocation($id: ID!) {
    cancelWorkflowInvocation(id: $id) {
      id
      state
    }
  }
`);
