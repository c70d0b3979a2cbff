import { route, type RouteSpec } from '../../core/route';
import type { RouteInput } from '../../core/route-input';
import { INVOCATION, INVOCATION_ELEMENT, type InvocationData, invocationDict } from '../../serializers/workflow.reply';

/**
 * The run parameters of a request, in both spellings: the legacy run (`ds_map` by database step id,
 * `history`, `no_add_to_history`) and the invocations API (`inputs` with `inputs_by`, `history_id`,
 * `history_name`, `import_inputs_to_history`).
 */
export function runInput(input: RouteInput) {
  const byNewForm = input.has('inputs');
  return {
    inputs: byNewForm ? input.get('inputs') : input.get('ds_map'),
    legacyInputs: !byNewForm,
    inputsBy: input.string('inputs_by'),
    parameters: input.get('parameters'),
    history: input.string('history'),
    historyId: input.string('history_id'),
    historyName: input.string('history_name'),
    noAddToHistory: input.has('no_add_to_history') || (input.has('import_inputs_to_history') && !input.bool('import_inputs_to_history')),
    replacementParams: input.get('replacement_params'),
  };
}

/** The routes real clients call around the contract's run: invocations, also spelled `usage`. */
function invocationRoutesUnder(segment: 'invocations' | 'usage'): RouteSpec<unknown>[] {
  const base = `/api/workflows/:workflow_id/${segment}`;
  return [
    route<{ workflowInvocations: InvocationData[] }>({
      method: 'get',
      path: base,
      access: 'user',
      operation: `query ($workflowId: ID!) { workflowInvocations(workflowId: $workflowId) { ${INVOCATION} } }`,
      variables: (input) => ({ workflowId: input.path.workflow_id }),
      shape: (data) => data.workflowInvocations.map(invocationDict),
    }),
    route<{ invokeWorkflow: InvocationData }>({
      method: 'post',
      path: base,
      access: 'user',
      operation: `mutation ($workflowId: ID!, $input: RunWorkflowInput!) { invokeWorkflow(workflowId: $workflowId, input: $input) { ${INVOCATION_ELEMENT} } }`,
      variables: (input) => ({ workflowId: input.path.workflow_id, input: runInput(input) }),
      shape: (data) => invocationDict(data.invokeWorkflow),
    }),
    route<{ workflowInvocation: InvocationData }>({
      method: 'get',
      path: `${base}/:invocation_id`,
      access: 'owner',
      operation: `query ($id: ID!, $workflowId: ID) { workflowInvocation(id: $id, workflowId: $workflowId) { ${INVOCATION_ELEMENT} } }`,
      variables: (input) => ({ id: input.path.invocation_id, workflowId: input.path.workflow_id }),
      shape: (data) => invocationDict(data.workflowInvocation),
    }),
    route<{ cancelWorkflowInvocation: InvocationData }>({
      method: 'delete',
      path: `${base}/:invocation_id`,
      access: 'owner',
      operation: `mutation ($id: ID!, $workflowId: ID) { cancelWorkflowInvocation(id: $id, workflowId: $workflowId) { ${INVOCATION_ELEMENT} } }`,
      variables: (input) => ({ id: input.path.invocation_id, workflowId: input.path.workflow_id }),
      shape: (data) => invocationDict(data.cancelWorkflowInvocation),
    }),
  ];
}

export const invocationRoutes: RouteSpec<unknown>[] = [...invocationRoutesUnder('invocations'), ...invocationRoutesUnder('usage')];
