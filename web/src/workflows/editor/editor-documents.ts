import { graphql } from '../../graphql';

/** The stored workflow as the editor loads it: every step's stored facts, and the editor style's handles. */
export const EditorWorkflowQuery = graphql(`
  query EditorWorkflow($id: ID!) {
    workflow(id: $id) {
      id
      name
      annotation
      tags
      viewerCan {
        change
      }
      steps {
        orderIndex
        type
        toolId
        toolVersion
        toolInputs
        label
        uuid
        annotation
        position
        inputConnections {
          inputName
          stepIndex
          outputName
        }
        postJobActions
        workflowOutputs
      }
    }
    workflowDocument(id: $id, style: "editor")
  }
`);

/** Saves the canvas as a new version (PUT /api/workflows/{id}: the stored name, annotation and tags kept). */
export const SaveWorkflowMutation = graphql(`
  mutation SaveWorkflow($id: ID!, $workflow: JSON) {
    updateWorkflow(id: $id, workflow: $workflow) {
      id
      stepCount
      versions {
        id
      }
    }
  }
`);

export const CreateWorkflowMutation = graphql(`
  mutation CreateWorkflow($name: String!, $annotation: String) {
    createWorkflow(name: $name, annotation: $annotation) {
      id
      name
    }
  }
`);

/** A tool step's model: its name, default state, connectable inputs and outputs. */
export const ToolStepModelMutation = graphql(`
  mutation ToolStepModel($input: BuildModuleInput!) {
    buildWorkflowModule(input: $input)
  }
`);

export const DatatypeAcceptsQuery = graphql(`
  query DatatypeAccepts($output: [String!]!, $input: [String!]!) {
    datatypeAccepts(output: $output, input: $input) {
      accepted
      reason
    }
  }
`);

export const PostJobActionDefinitionsQuery = graphql(`
  query PostJobActionDefinitions {
    postJobActionDefinitions {
      actionType
      label
      perStep
      fields {
        name
        label
        kind
        help
      }
    }
  }
`);

/** A tool's top-level parameters, for a tool step's form in the editor. */
export const StepParametersQuery = graphql(`
  query StepParameters($id: String!) {
    tool(id: $id) {
      id
      inputs {
        __typename
        name
        label
        type
        optional
        ... on SelectToolInput {
          options {
            label
            value
          }
        }
      }
    }
  }
`);

/** The collection types a tool's collection inputs accept (the top level of its form). */
export const CollectionInputTypesQuery = graphql(`
  query CollectionInputTypes($id: String!) {
    tool(id: $id) {
      id
      inputs {
        name
        ... on DataCollectionToolInput {
          collectionTypes
        }
      }
    }
  }
`);

/** Every datatype extension (ChangeDatatypeAction's choices). */
export const DatatypeExtensionsQuery = graphql(`
  query DatatypeExtensions {
    datatypes(uploadOnly: "false")
  }
`);
