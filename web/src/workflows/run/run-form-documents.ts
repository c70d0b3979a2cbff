import { graphql, type ResultOf } from '../../graphql';
import { InnerInputFields, LeafInputFields } from '../../tools/tool-documents';

/** A workflow's steps as the run form shows them: numbered inputs first, tool steps with their tool's form and stored values. */
export const WorkflowRunFormQuery = graphql(
  `
    query WorkflowRunForm($id: ID!) {
      workflow(id: $id) {
        id
        name
        steps {
          id
          orderIndex
          inputConnections {
            inputName
            stepIndex
            outputName
          }
        }
        runForm {
          orderIndex
          number
          type
          label
          annotation
          title
          toolId
          toolName
          toolVersion
          toolInstalled
          collectionType
          connectedInputs
          runtimeInputs
          values
          toolInputs {
            ...LeafInputFields
            ... on ConditionalToolInput {
              test {
                ...LeafInputFields
              }
              cases {
                value
                inputs {
                  ...InnerInputFields
                }
              }
            }
            ... on RepeatToolInput {
              minCount
              maxCount
              defaultCount
              inputs {
                ...InnerInputFields
              }
            }
            ... on SectionToolInput {
              expanded
              inputs {
                ...InnerInputFields
              }
            }
          }
        }
      }
    }
  `,
  [LeafInputFields, InnerInputFields],
);

/** What a run with these values would refuse, by step and field. */
export const WorkflowRunCheckQuery = graphql(`
  query WorkflowRunCheck($workflowId: ID!, $input: RunWorkflowInput!) {
    workflowRunCheck(workflowId: $workflowId, input: $input) {
      orderIndex
      stepNumber
      field
      message
      text
    }
  }
`);

/** Runs once the graph has checked the values again (refused with the problems otherwise). */
export const InvokeWorkflowCheckedMutation = graphql(`
  mutation InvokeWorkflowChecked($workflowId: ID!, $input: RunWorkflowInput!, $mapOverCollections: Boolean) {
    invokeWorkflowChecked(workflowId: $workflowId, input: $input, mapOverCollections: $mapOverCollections) {
      id
      state
      historyId
    }
  }
`);

/** The numbers and names of a workflow's steps, for the run screen. */
export const WorkflowStepNamesQuery = graphql(`
  query WorkflowStepNames($id: ID!) {
    workflow(id: $id) {
      id
      name
      runForm {
        orderIndex
        number
        title
        toolName
      }
    }
  }
`);

export type RunFormStep = ResultOf<typeof WorkflowRunFormQuery>['workflow']['runForm'][number];
export type RunProblem = ResultOf<typeof WorkflowRunCheckQuery>['workflowRunCheck'][number];
