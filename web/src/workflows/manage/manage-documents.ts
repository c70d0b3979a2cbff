import { graphql } from '../../graphql';

/** What the managing controls read and what each change answers, so the cache updates the screens in place. */
export const ManagedWorkflowFields = graphql(`
  fragment ManagedWorkflowFields on Workflow @_unmask {
    id
    name
    annotation
    tags
    deleted
    stepCount
    updateTime
    viewerCan {
      change
      run
      duplicate
    }
  }
`);

/** The managing fields of one workflow (the workflow screen reads the rest with its own query). */
export const ManagedWorkflowQuery = graphql(
  `
    query ManagedWorkflow($id: ID!) {
      workflow(id: $id) {
        ...ManagedWorkflowFields
      }
    }
  `,
  [ManagedWorkflowFields],
);

export const RenameWorkflowMutation = graphql(
  `
    mutation RenameWorkflow($id: ID!, $name: String!) {
      renameWorkflow(id: $id, name: $name) {
        ...ManagedWorkflowFields
      }
    }
  `,
  [ManagedWorkflowFields],
);

export const AnnotateWorkflowMutation = graphql(
  `
    mutation AnnotateWorkflow($id: ID!, $annotation: String!) {
      annotateWorkflow(id: $id, annotation: $annotation) {
        ...ManagedWorkflowFields
      }
    }
  `,
  [ManagedWorkflowFields],
);

export const SetWorkflowTagsMutation = graphql(
  `
    mutation SetWorkflowTags($id: ID!, $tags: [String!]!) {
      setWorkflowTags(id: $id, tags: $tags) {
        ...ManagedWorkflowFields
      }
    }
  `,
  [ManagedWorkflowFields],
);

export const CopyWorkflowMutation = graphql(
  `
    mutation CopyWorkflow($id: ID!) {
      copyWorkflow(id: $id) {
        ...ManagedWorkflowFields
      }
    }
  `,
  [ManagedWorkflowFields],
);

/** Answers the platform's message; the lists are asked again (the workflow leaves one and joins another). */
export const DeleteWorkflowMutation = graphql(`
  mutation DeleteWorkflow($id: ID!) {
    deleteWorkflow(id: $id)
  }
`);

export const UndeleteWorkflowMutation = graphql(
  `
    mutation UndeleteWorkflow($id: ID!) {
      undeleteWorkflow(id: $id) {
        ...ManagedWorkflowFields
      }
    }
  `,
  [ManagedWorkflowFields],
);

export const DeletedWorkflowsQuery = graphql(
  `
    query DeletedWorkflows {
      deletedWorkflows {
        ...ManagedWorkflowFields
      }
    }
  `,
  [ManagedWorkflowFields],
);

export const ImportWorkflowFromUrlMutation = graphql(`
  mutation ImportWorkflowFromUrl($url: String!) {
    importWorkflowFromUrl(url: $url) {
      id
      name
    }
  }
`);

/** A version's steps as the workflow screen lists the latest ones (WorkflowSteps). */
export const WorkflowVersionsQuery = graphql(`
  query WorkflowVersions($id: ID!) {
    workflow(id: $id) {
      id
      versions(newestFirst: true) {
        id
        stepCount
        createTime
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
  }
`);

export const RevertWorkflowMutation = graphql(`
  mutation RevertWorkflow($id: ID!, $versionId: ID!) {
    revertWorkflow(id: $id, versionId: $versionId) {
      id
      stepCount
      updateTime
    }
  }
`);
