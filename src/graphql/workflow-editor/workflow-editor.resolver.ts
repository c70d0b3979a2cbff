import { Arg, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '../../context/request-context';
import { createEmptyWorkflow, type DatatypeAcceptance, datatypeAccepts, POST_JOB_ACTION_DEFINITIONS, type PostJobActionDefinition } from '../../services/workflow-editor';
import type { WorkflowView } from '../../services/workflows';
import { Access } from '../shared/access';
import { WorkflowType } from '../workflows/workflow.type';
import { DatatypeAcceptanceType, PostJobActionDefinitionType } from './workflow-editor.type';

/** What the workflow editor needs beyond the workflow itself. */
@Resolver()
export class WorkflowEditorResolver {
  @Query(() => DatatypeAcceptanceType, { description: 'Whether an output of these datatypes may be connected to an input accepting those.' })
  @Access('anonymous')
  datatypeAccepts(@Arg('output', () => [String]) output: string[], @Arg('input', () => [String]) input: string[]): DatatypeAcceptance {
    return datatypeAccepts(output, input);
  }

  @Query(() => [PostJobActionDefinitionType], { description: 'The post-job actions a workflow step may carry, with their arguments.' })
  @Access('anonymous')
  postJobActionDefinitions(): readonly PostJobActionDefinition[] {
    return POST_JOB_ACTION_DEFINITIONS;
  }

  @Mutation(() => WorkflowType, { description: '"Create new workflow": an empty workflow under the name given.' })
  @Access('user')
  createWorkflow(@Ctx() ctx: RequestContext, @Arg('name', () => String) name: string, @Arg('annotation', () => String, { nullable: true }) annotation?: string): Promise<WorkflowView> {
    return createEmptyWorkflow(ctx, ctx.services.workflowImports, name, annotation ?? null);
  }
}
