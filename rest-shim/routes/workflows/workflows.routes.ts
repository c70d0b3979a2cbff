import { alternative, route, type RouteArea } from '../../core/route';
import type { RouteInput } from '../../core/route-input';
import {
  INVOCATION_ELEMENT,
  type InvocationData,
  invocationDict,
  WORKFLOW_INSTANCE,
  WORKFLOW_ITEM,
  type WorkflowInstanceData,
  workflowInstance,
  type WorkflowItem,
  workflowItem,
} from '../../serializers/workflow.reply';
import { sharingRoutes } from '../sharing/sharing.routes';
import { invocationRoutes, runInput } from './workflow-invocations.routes';

/** The payload of `POST /api/workflows`: the service decides which way it takes. */
function requestInput(input: RouteInput) {
  return {
    given: [...Object.keys(input.body), ...Object.keys(input.query)],
    workflowId: input.string('workflow_id'),
    installedRepositoryFile: input.string('installed_repository_file'),
    sharedWorkflowId: input.string('shared_workflow_id'),
    workflow: input.get('workflow'),
    publish: input.bool('publish'),
    importable: input.has('importable') ? input.bool('importable') : null,
    run: runInput(input),
    extraction: {
      fromHistoryId: input.string('from_history_id'),
      jobIds: input.get('job_ids'),
      datasetIds: input.get('dataset_ids'),
      datasetCollectionIds: input.get('dataset_collection_ids'),
      workflowName: input.string('workflow_name'),
    },
  };
}

interface RequestData {
  workflowRequest: { workflow: WorkflowItem | null; invocation: (InvocationData & { legacyOutputIds: string[] }) | null };
}

/** Download in a style: `export` (.ga, the default) and `editor` are documents; `instance` is show's dictionary. */
const downloadRoute = (path: string) =>
  route<unknown>({
    method: 'get',
    path,
    access: 'user',
    requiresIdentity: true,
    alternatives: {
      pick: (input) => (input.string('style') === 'instance' ? 'instance' : 'document'),
      routes: {
        document: alternative<{ workflowDocument: Record<string, unknown> }>({
          operation: 'query ($id: ID!, $style: String) { workflowDocument(id: $id, style: $style) }',
          variables: (input) => ({ id: input.path.workflow_id, style: input.string('style') ?? 'export' }),
          shape: (data) => data.workflowDocument,
        }),
        instance: alternative<{ workflow: WorkflowInstanceData }>({
          operation: `query ($id: ID!) { workflow(id: $id) { ${WORKFLOW_INSTANCE} } }`,
          variables: (input) => ({ id: input.path.workflow_id }),
          shape: (data) => workflowInstance(data.workflow),
        }),
      },
    },
  });

export const workflowsArea: RouteArea = {
  area: 'workflows',
  routes: [
    route<{ workflows: WorkflowItem[] }>({
      method: 'get',
      path: '/api/workflows',
      access: 'user',
      operation: `query ($showPublished: Boolean) { workflows(showPublished: $showPublished) { ${WORKFLOW_ITEM} } }`,
      variables: (input) => ({ showPublished: input.bool('show_published') }),
      shape: (data) => data.workflows.map(workflowItem),
    }),
    route<RequestData>({
      method: 'post',
      path: '/api/workflows',
      access: 'user',
      operation: `mutation ($input: WorkflowRequestInput!) { workflowRequest(input: $input) {
        workflow { ${WORKFLOW_ITEM} } invocation { ${INVOCATION_ELEMENT} legacyOutputIds } } }`,
      variables: (input) => ({ input: requestInput(input) }),
      shape: ({ workflowRequest: { workflow, invocation } }) => {
        if (invocation) {
          const { legacyOutputIds, ...rest } = invocation;
          // The invocation, blended with the legacy answer's history and outputs.
          return { ...invocationDict(rest), history: rest.history_id, outputs: legacyOutputIds };
        }
        return workflow ? workflowItem(workflow) : null;
      },
    }),
    route<{ importWorkflow: WorkflowItem }>({
      method: 'post',
      path: '/api/workflows/upload',
      access: 'user',
      operation: `mutation ($workflow: JSON!, $publish: Boolean, $importable: Boolean) { importWorkflow(workflow: $workflow, publish: $publish, importable: $importable) { ${WORKFLOW_ITEM} } }`,
      variables: (input) => ({ workflow: input.get('workflow') ?? null, publish: input.bool('publish'), importable: input.has('importable') ? input.bool('importable') : null }),
      shape: (data) => workflowItem(data.importWorkflow),
    }),
    route<{ importSharedWorkflow: WorkflowItem }>({
      method: 'post',
      path: '/api/workflows/import',
      access: 'user',
      operation: `mutation ($id: ID!) { importSharedWorkflow(id: $id) { ${WORKFLOW_ITEM} } }`,
      variables: (input) => ({ id: input.string('workflow_id') ?? '' }),
      shape: (data) => workflowItem(data.importSharedWorkflow),
    }),
    route<{ buildWorkflowModule: Record<string, unknown> }>({
      method: 'post',
      path: '/api/workflows/build_module',
      access: 'user',
      operation: 'mutation ($input: BuildModuleInput!) { buildWorkflowModule(input: $input) }',
      variables: (input) => ({
        input: { toolId: input.string('tool_id'), toolVersion: input.string('tool_version'), inputs: input.json('inputs'), annotation: input.string('annotation') },
      }),
      shape: (data) => data.buildWorkflowModule,
    }),
    downloadRoute('/api/workflows/download/:workflow_id'),
    route<{ workflow: WorkflowInstanceData }>({
      method: 'get',
      path: '/api/workflows/:workflow_id',
      access: 'user',
      requiresIdentity: true,
      operation: `query ($id: ID!) { workflow(id: $id) { ${WORKFLOW_INSTANCE} } }`,
      variables: (input) => ({ id: input.path.workflow_id }),
      shape: (data) => workflowInstance(data.workflow),
    }),
    downloadRoute('/api/workflows/:workflow_id/download'),
    route<{ updateWorkflow: WorkflowInstanceData }>({
      method: 'put',
      path: '/api/workflows/:workflow_id',
      access: 'owner',
      operation: `mutation ($id: ID!, $workflow: JSON) { updateWorkflow(id: $id, workflow: $workflow) { ${WORKFLOW_INSTANCE} } }`,
      variables: (input) => ({ id: input.path.workflow_id, workflow: input.get('workflow') ?? null }),
      shape: (data) => workflowInstance(data.updateWorkflow),
    }),
    route<{ deleteWorkflow: string }>({
      method: 'delete',
      path: '/api/workflows/:workflow_id',
      access: 'owner',
      // The platform answers an unknown id with 400 and another user's workflow with 403, as text.
      errorStyle: 'text',
      operation: 'mutation ($id: ID!) { deleteWorkflow(id: $id) }',
      variables: (input) => ({ id: input.path.workflow_id }),
      shape: (data) => data.deleteWorkflow,
    }),
    ...invocationRoutes,
    ...sharingRoutes('workflows'),
  ],
};
