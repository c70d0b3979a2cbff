import type { ServiceContext } from '../../../context/service-context';
import { ExternalService } from '../../../entities/request-type.entity';
import { errors } from '../../../errors/error-kinds';
import { type ExternalServiceView, listExternalServices, readExternalService } from './request-type-view';

export interface ExternalServiceInput {
  name?: string | null;
  description?: string | null;
  version?: string | null;
  externalServiceType?: string | null;
}

/** External services (the sequencers request types send samples to): administrators only. */
export class ExternalServiceService {
  list(ctx: ServiceContext): Promise<ExternalServiceView[]> {
    ctx.caller.requireAdmin('You are not authorized to view the list of external services.');
    return listExternalServices(ctx);
  }

  async create(ctx: ServiceContext, input: ExternalServiceInput): Promise<ExternalServiceView> {
    ctx.caller.requireAdmin('You are not authorized to create an external service.');
    const name = input.name?.trim() ?? '';
    if (!name) throw errors.missingAttribute('Enter the name of the external service.');
    const type = input.externalServiceType?.trim() ?? '';
    if (!type) throw errors.missingAttribute('Select the type of the external service.');
    const service = ctx.em.create(ExternalService, { name, description: input.description ?? '', version: input.version ?? null, externalServiceTypeId: type });
    await ctx.em.persistAndFlush(service);
    const view = await readExternalService(ctx, service.id);
    if (!view) throw errors.notFound();
    return view;
  }
}
