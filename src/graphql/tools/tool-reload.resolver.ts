import { Ctx, Mutation, Resolver } from 'type-graphql';
import type { RequestContext } from '../../context/request-context';
import type { ToolSetChanges } from '../../services/tools';
import { Access } from '../shared/access';
import { Audited } from '../shared/audited';
import { ToolReloadType } from './tool-reload.type';

@Resolver()
export class ToolReloadResolver {
  @Mutation(() => ToolReloadType, {
    description: 'Reads the tools of TOOL_DIRS again (and the installed repositories\' tools), here and in every other server process, without a restart (administrators).',
  })
  @Access('admin')
  @Audited('tools.reload')
  reloadTools(@Ctx() ctx: RequestContext): Promise<ToolSetChanges> {
    return ctx.services.depotTools.reloadTools(ctx);
  }
}
