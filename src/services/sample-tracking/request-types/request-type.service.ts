import type { EntityClass, FilterQuery } from '@mikro-orm/core';
import type { ServiceContext } from '../../../context/service-context';
import { FormDefinition } from '../../../entities/form-definition.entity';
import { ItemPermission, PERMISSION_ACTIONS } from '../../../entities/item-permission.entity';
import { ExternalService, RequestType, RequestTypeExternalServiceAssociation, SampleState } from '../../../entities/request-type.entity';
import { Role } from '../../../entities/role.entity';
import { decodeId } from '../../shared';
import { FormXmlError } from '../forms/form-xml';
import { type ParsedRequestType, parseRequestTypeXml } from './request-type-xml';
import { listAccessibleRequestTypes, readRequestTypeFor, type RequestTypeView } from './request-type-view';
import { trackingErrors } from '../sample-tracking-errors';

export interface RequestTypeInput {
  xmlText?: string | null;
  requestFormId?: string | null;
  sampleFormId?: string | null;
  externalServiceId?: string | null;
  roleIds?: string[] | null;
  /** Optional template of the run details administrators record for the samples. */
  runDetailsFormId?: string | null;
}

const malformedType = trackingErrors.malformed('request type');

/**
 * Request types: created by administrators from `xml_text` (name, description, the sample states in
 * order), two forms and an external service; the listed roles receive the type's access permission
 * (no roles: open to everyone). Callers see the types whose access roles they hold, as the platform
 * lists them (administrators included).
 */
export class RequestTypeService {
  list(ctx: ServiceContext): Promise<RequestTypeView[]> {
    ctx.caller.requireIdentity();
    return listAccessibleRequestTypes(ctx);
  }

  async show(ctx: ServiceContext, encodedId: string): Promise<RequestTypeView> {
    ctx.caller.requireIdentity();
    const type = await readRequestTypeFor(ctx, decodeId(ctx, encodedId, malformedType));
    if (!type) throw trackingErrors.unknown('request_type', encodedId);
    if (!type.accessible) throw trackingErrors.invalid(`No permission to access request_type ( ${encodedId} ).`);
    return type;
  }

  /** The platform's order of checks: xml_text (and its XML), then each id, then the roles. */
  async create(ctx: ServiceContext, input: RequestTypeInput): Promise<RequestTypeView> {
    ctx.caller.requireAdmin('You are not authorized to create a new request type (external_service configuration).');
    if (input.xmlText === undefined || input.xmlText === null) throw trackingErrors.missingParameter('xml_text');
    const parsed = this.parse(input.xmlText);
    const em = ctx.em;
    const requestForm = await this.find(ctx, FormDefinition, 'request_form_id', 'form definition', input.requestFormId);
    const sampleForm = await this.find(ctx, FormDefinition, 'sample_form_id', 'form definition', input.sampleFormId);
    const service = await this.find(ctx, ExternalService, 'external_service_id', 'external service', input.externalServiceId);
    const runDetailsForm = input.runDetailsFormId ? await this.find(ctx, FormDefinition, 'run_details_form_id', 'form definition', input.runDetailsFormId) : null;
    const roles = await Promise.all((input.roleIds ?? []).map((roleId) => this.find(ctx, Role, 'role_ids', 'role', roleId)));
    const id = await em.transactional(async (tx) => {
      const type = tx.create(RequestType, { name: parsed.name, desc: parsed.desc, requestForm, sampleForm, runDetailsForm });
      for (const state of parsed.states) tx.create(SampleState, { ...state, requestType: type });
      tx.create(RequestTypeExternalServiceAssociation, { requestType: type, externalService: service });
      await tx.flush();
      for (const role of new Map(roles.map((r) => [r.id, r])).values()) {
        tx.create(ItemPermission, { itemType: 'request_type', itemId: type.id, action: PERMISSION_ACTIONS.requestTypeAccess, role });
      }
      await tx.flush();
      return type.id;
    });
    const view = await readRequestTypeFor(ctx, id);
    if (!view) throw trackingErrors.unknown('request_type', id);
    return view;
  }

  private parse(xmlText: string): ParsedRequestType {
    try {
      return parseRequestTypeXml(xmlText);
    } catch (error) {
      if (error instanceof FormXmlError) throw trackingErrors.invalid(error.message);
      throw error;
    }
  }

  /** A record named by an encoded id parameter: missing, malformed and unknown are each a 400. */
  private async find<T extends FormDefinition | ExternalService | Role>(
    ctx: ServiceContext,
    entity: EntityClass<T>,
    parameter: string,
    label: string,
    encodedId: string | null | undefined,
  ): Promise<T> {
    if (encodedId === undefined || encodedId === null || encodedId === '') throw trackingErrors.missingParameter(parameter);
    const id = decodeId(ctx, encodedId, trackingErrors.malformed(label));
    const found = await ctx.em.findOne(entity, { id } as FilterQuery<T>);
    if (!found) throw trackingErrors.unknown(label, encodedId);
    return found;
  }
}
