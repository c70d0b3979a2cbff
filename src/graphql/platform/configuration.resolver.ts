import { Ctx, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '../../context/request-context';
import { platformConfiguration } from '../../services/platform';
import { Access } from '../shared/access';
import { JSONObjectScalar } from '../shared/scalars';

@Resolver()
export class ConfigurationResolver {
  @Query(() => JSONObjectScalar, { description: "The platform's configuration dictionary (administrators also see the admin keys)." })
  @Access('anonymous')
  configuration(@Ctx() ctx: RequestContext): Record<string, unknown> {
    return platformConfiguration(ctx.services.config, ctx.caller.isAdmin);
  }
}
