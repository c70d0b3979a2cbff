import { Ctx, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '../../context/request-context';
import { type ServerStatus, serverStatus } from '../../services/server-status';
import { Access } from '../shared/access';
import { ServerStatusType } from './server-status.types';

@Resolver()
export class ServerStatusResolver {
  @Query(() => ServerStatusType, {
    description:
      'Versions, the database (embedded or a server, its version and size), the processes at work with their heartbeats, the queue by destination, whether Slurm answers, DATA_DIR’s disk use and the configuration in force with secrets hidden (administrators only).',
  })
  @Access('admin')
  serverStatus(@Ctx() ctx: RequestContext): Promise<ServerStatus> {
    return serverStatus(ctx);
  }
}
