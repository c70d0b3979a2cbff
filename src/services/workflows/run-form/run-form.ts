import type { ServiceContext } from '../../../context/service-context';
import { AppError } from '../../../errors/error-kinds';
import type { SelectOptionsSource, ToolDefinition, ToolRegistry } from '../../../tools';
import { readableWorkflow } from '../workflow-access';
import { flatParameters } from '../tool-state';
import { stepsByVersionId } from '../workflow.loaders';
import type { StepView } from '../workflow-view';
import { type RunWorkflowInput, stepParameters } from '../run/run-request';
import { checkStepParameters } from './parameter-check';
import { runtimeParameterNames } from './runtime-values';
import { stepNumbers, stepTitle } from './step-numbers';

/** A step of a workflow as its run form shows it. */
export interface RunFormStep {
  step: StepView;
  /** Its number as the platform shows it: inputs first, then the other steps, from 1. */
  number: number;
  title: string;
  tool: ToolDefinition | null;
  /** The stored values of a tool step's parameters, by flat name (connected and runtime ones left out). */
  values: Record<string, unknown>;
  /** Flat names of data inputs fed by an earlier step's output. */
  connectedInputs: string[];
  /** Flat names of parameters marked "Set at runtime". */
  runtimeInputs: string[];
}

/** A value the run would refuse, named as the form names it: "Step 2: Sort, field 'in': …". */
export interface RunProblem {
  orderIndex: number;
  stepNumber: number;
  stepTitle: string;
  field: string | null;
  fieldLabel: string | null;
  message: string;
  text: string;
}

/** The latest version's steps, in the order the platform shows them (inputs first). */
export function runFormSteps(steps: readonly StepView[], tools: ToolRegistry): RunFormStep[] {
  const numbers = stepNumbers(steps);
  return steps
    .map((step): RunFormStep => {
      const tool = step.type === 'tool' && step.toolId ? (tools.get(step.toolId) ?? null) : null;
      return {
        step,
        number: numbers.get(step.orderIndex) ?? step.orderIndex + 1,
        title: stepTitle(step, tool?.name ?? null),
        tool,
        values: step.type === 'tool' ? flatParameters(step.toolInputs) : {},
        connectedInputs: Object.keys(step.inputConnections),
        runtimeInputs: step.type === 'tool' ? runtimeParameterNames(step.toolInputs) : [],
      };
    })
    .sort((a, b) => a.number - b.number);
}

/**
 * What a run with these parameters would refuse, step by step and field by field, before anything
 * is queued: tools not installed, values that do not fit their parameters (the run's replacements
 * applied to the stored values), data inputs connected to nothing.
 */
export function runProblems(steps: readonly StepView[], input: RunWorkflowInput, tools: ToolRegistry, selectOptions: SelectOptionsSource): RunProblem[] {
  const replaced = stepParameters(steps, input);
  const problems: RunProblem[] = [];
  for (const formStep of runFormSteps(steps, tools)) {
    const { step, number, title, tool } = formStep;
    if (step.type !== 'tool') continue;
    const where = `Step ${number}: ${title}`;
    if (!tool) {
      const message = `the tool ${step.toolId ?? ''} is not installed.`;
      problems.push({ orderIndex: step.orderIndex, stepNumber: number, stepTitle: title, field: null, fieldLabel: null, message, text: `${where}, ${message}` });
      continue;
    }
    const values = { ...formStep.values, ...(replaced[String(step.orderIndex)] ?? {}) };
    for (const problem of checkStepParameters(tool.inputs, values, new Set(formStep.connectedInputs), selectOptions)) {
      problems.push({
        orderIndex: step.orderIndex,
        stepNumber: number,
        stepTitle: title,
        field: problem.field,
        fieldLabel: problem.label,
        message: problem.message,
        text: `${where}, field '${problem.label}': ${problem.message}`,
      });
    }
  }
  return problems;
}

/** The run problems of a workflow the caller may run. */
export async function checkWorkflowRun(ctx: ServiceContext, encodedWorkflowId: string, input: RunWorkflowInput, tools: ToolRegistry, selectOptions: SelectOptionsSource): Promise<RunProblem[]> {
  const workflow = await readableWorkflow(ctx, encodedWorkflowId, 'Workflow is not owned by or shared with current user');
  const steps = workflow.latestWorkflowId === null ? [] : await ctx.loaders.get(stepsByVersionId).load(workflow.latestWorkflowId);
  return runProblems(steps, input, tools, selectOptions);
}

/**
 * The checked run's rule: a run whose values the check refuses queues nothing and is refused with every
 * problem (`extensions.problems`, and `problemFields` as `<order index>|<field>` for the form to place them).
 */
export async function refuseRunWithProblems(ctx: ServiceContext, encodedWorkflowId: string, input: RunWorkflowInput, tools: ToolRegistry, selectOptions: SelectOptionsSource): Promise<void> {
  const problems = await checkWorkflowRun(ctx, encodedWorkflowId, input, tools, selectOptions);
  if (problems.length === 0) return;
  throw new AppError('RequestParameterInvalidException', problems.map((problem) => problem.text).join(' '), {
    problems: problems.map((problem) => problem.text),
    problemFields: problems.map((problem) => `${problem.orderIndex}|${problem.field ?? ''}`),
  });
}
