import type { ServiceContext } from '../../context/service-context';
import {
  DEFAULT_QUOTA_TYPES,
  DefaultQuotaAssociation,
  type DefaultQuotaType,
  GroupQuotaAssociation,
  UserQuotaAssociation,
} from '../../entities/associations.entity';
import { QUOTA_OPERATIONS, Quota, type QuotaOperation } from '../../entities/quota.entity';
import { AppError, errors } from '../../errors/error-kinds';
import { parseQuotaAmount } from '../../format/quota-amount';
import { decodeId } from '../shared';
import { displayAmount } from './quota-display';
import { resolveQuotaMembers } from './quota-members';

export interface QuotaInput {
  name?: string;
  description?: string;
  amount?: string;
  operation?: string;
  default?: string;
  inUsers?: string[];
  inGroups?: string[];
}

const isOperation = (value: string): value is QuotaOperation => (QUOTA_OPERATIONS as readonly string[]).includes(value);
const isDefaultType = (value: string): value is DefaultQuotaType => (DEFAULT_QUOTA_TYPES as readonly string[]).includes(value);
/** '', absent and 'no' all mean "not a default". */
const defaultTypeOf = (value: string | undefined) => (!value || value === 'no' ? 'no' : value);

/** Quotas: administrators only; the rules and messages of platform-facts §5.5. */
export class QuotaService {
  async list(ctx: ServiceContext, deleted: boolean): Promise<Quota[]> {
    ctx.caller.requireAdmin();
    return ctx.em.find(Quota, { deleted }, { orderBy: { id: 'asc' } });
  }

  async show(ctx: ServiceContext, encodedId: string, deleted: boolean): Promise<Quota> {
    ctx.caller.requireAdmin();
    return this.find(ctx, encodedId, deleted);
  }

  async create(ctx: ServiceContext, input: QuotaInput): Promise<{ quota: Quota; message: string }> {
    ctx.caller.requireAdmin();
    return ctx.em.transactional(async (em) => {
      const members = await resolveQuotaMembers(ctx, input.inUsers ?? [], input.inGroups ?? []);
      const name = input.name ?? '';
      const description = input.description ?? '';
      const amountText = (input.amount ?? '').trim();
      const bytes = parseQuotaAmount(amountText);
      const operation = input.operation ?? '=';
      const defaultType = defaultTypeOf(input.default);
      if (!name || !description) throw errors.actionInput('Enter a valid name and a description.');
      if ((await em.count(Quota, { name })) > 0) {
        throw errors.actionInput('Quota names must be unique and a quota with that name already exists, so choose another name.');
      }
      if (!amountText) throw errors.actionInput('Enter a valid quota amount.');
      if (bytes === undefined) throw errors.actionInput('Unable to parse the provided amount.');
      if (!isOperation(operation)) throw errors.actionInput('Enter a valid operation.');
      if (defaultType !== 'no' && !isDefaultType(defaultType)) throw errors.actionInput('Enter a valid default type.');
      if (defaultType !== 'no' && operation !== '=') throw errors.actionInput("Operation for a default quota must be '='.");
      if (bytes === -1 && operation !== '=') throw errors.actionInput("Operation for an unlimited quota must be '='.");
      const quota = em.create(Quota, { name, description, bytes, operation });
      if (isDefaultType(defaultType)) {
        await this.makeDefault(ctx, quota, defaultType);
      } else {
        for (const user of members.users) em.create(UserQuotaAssociation, { user, quota });
        for (const group of members.groups) em.create(GroupQuotaAssociation, { group, quota });
      }
      await em.flush();
      // The platform counts the members given, even for a default quota (which keeps none).
      const users = members.users.length;
      const groups = members.groups.length;
      return { quota, message: `Quota '${quota.name}' has been created with ${users} associated users and ${groups} associated groups.` };
    });
  }

  /**
   * Applies, in order, rename, amount edit, default change and member replacement; returns their
   * messages joined by '; '. Runs in one transaction: a failing step leaves the quota unchanged.
   * Member lists replace the quota's members when one is not empty, or always with `replaceMembers`
   * (the administration's form, which may leave a quota with none).
   */
  async update(ctx: ServiceContext, encodedId: string, input: QuotaInput, replaceMembers = false): Promise<string> {
    ctx.caller.requireAdmin();
    return ctx.em.transactional(async (em) => {
      const members = await resolveQuotaMembers(ctx, input.inUsers ?? [], input.inGroups ?? []);
      const quota = await this.find(ctx, encodedId, false);
      const messages: string[] = [];
      if (input.name || input.description) messages.push(await this.rename(ctx, quota, input.name ?? '', input.description ?? ''));
      if (input.amount) messages.push(this.editAmount(quota, input.amount, input.operation ?? '='));
      if (input.default === 'no') messages.push(await this.unsetDefault(ctx, quota));
      else if (input.default) messages.push(await this.setDefault(ctx, quota, input.default));
      const named = (input.inUsers ?? []).length > 0 || (input.inGroups ?? []).length > 0;
      if (named || (replaceMembers && !(await this.isDefault(ctx, quota)))) {
        if (await this.isDefault(ctx, quota)) throw errors.actionInput('Default quotas cannot be associated with specific users and groups');
        await em.nativeDelete(UserQuotaAssociation, { quota });
        await em.nativeDelete(GroupQuotaAssociation, { quota });
        for (const user of members.users) em.create(UserQuotaAssociation, { user, quota });
        for (const group of members.groups) em.create(GroupQuotaAssociation, { group, quota });
        messages.push(
          `Quota '${quota.name}' has been updated with ${members.users.length} associated users and ${members.groups.length} associated groups`,
        );
      }
      await em.flush();
      return messages.join('; ');
    });
  }

  async delete(ctx: ServiceContext, encodedId: string, purge: boolean): Promise<string> {
    ctx.caller.requireAdmin();
    return ctx.em.transactional(async (em) => {
      const quota = await this.find(ctx, encodedId, false);
      if (await this.isDefault(ctx, quota)) {
        throw errors.actionInput(`Quota '${quota.name}' is a default, please unset it as a default before deleting it`);
      }
      quota.deleted = true;
      let message = `Deleted 1 quotas: ${quota.name}`;
      if (purge) {
        await em.nativeDelete(UserQuotaAssociation, { quota });
        await em.nativeDelete(GroupQuotaAssociation, { quota });
        quota.purged = true;
        message += `Purged 1 quotas: ${quota.name}`;
      }
      await em.flush();
      return message;
    });
  }

  async undelete(ctx: ServiceContext, encodedId: string): Promise<string> {
    ctx.caller.requireAdmin();
    return ctx.em.transactional(async (em) => {
      const quota = await this.find(ctx, encodedId, true);
      quota.deleted = false;
      quota.purged = false;
      await em.flush();
      return `Undeleted 1 quotas: ${quota.name}`;
    });
  }

  /** Loads a quota in the asked deleted state, with the platform's 400 messages otherwise. */
  async find(ctx: ServiceContext, encodedId: string, deleted: boolean): Promise<Quota> {
    const id = decodeId(ctx, encodedId, (value) =>
      errors.malformedId(`Malformed Quota id ( ${String(value)} ) specified, unable to decode`, { id: String(value) }),
    );
    const quota = await ctx.em.findOne(Quota, { id });
    if (!quota) throw new AppError('RequestParameterInvalidException', `Invalid Quota id ( ${encodedId} ) specified`, { id: encodedId });
    if (quota.deleted !== deleted) {
      const state = quota.deleted ? 'is deleted' : 'is not deleted';
      throw new AppError('RequestParameterInvalidException', `Invalid Quota id ( ${encodedId} ) specified: Quota "${quota.name}" ${state}`, {
        id: encodedId,
      });
    }
    return quota;
  }

  private async rename(ctx: ServiceContext, quota: Quota, name: string, description: string): Promise<string> {
    if (!name) throw errors.actionInput('Enter a valid name');
    if (name !== quota.name && (await ctx.em.count(Quota, { name })) > 0) throw errors.actionInput('A quota with that name already exists');
    const oldName = quota.name;
    quota.name = name;
    quota.description = description;
    return `Quota '${oldName}' has been renamed to '${name}'`;
  }

  private editAmount(quota: Quota, amount: string, operation: string): string {
    const bytes = parseQuotaAmount(amount.trim());
    if (!amount.trim()) throw errors.actionInput('Enter a valid amount');
    if (bytes === undefined) throw errors.actionInput('Unable to parse the provided amount');
    if (!isOperation(operation)) throw errors.actionInput('Enter a valid operation');
    quota.bytes = bytes;
    quota.operation = operation;
    return `Quota '${quota.name}' is now '${operation}${displayAmount(bytes)}'`;
  }

  private async setDefault(ctx: ServiceContext, quota: Quota, type: string): Promise<string> {
    if (!isDefaultType(type)) throw errors.actionInput('Enter a valid default type.');
    await this.makeDefault(ctx, quota, type);
    return `Quota '${quota.name}' is now the default for ${type} users`;
  }

  private async unsetDefault(ctx: ServiceContext, quota: Quota): Promise<string> {
    const defaults = await ctx.em.find(DefaultQuotaAssociation, { quota });
    if (defaults.length === 0) throw errors.actionInput(`Quota '${quota.name}' is not a default.`);
    const message = `Quota '${quota.name}' is no longer the default for ${defaults[0].type} users.`;
    await ctx.em.nativeDelete(DefaultQuotaAssociation, { quota });
    return message;
  }

  /** A default quota replaces the previous default of its type and loses its user and group links. */
  private async makeDefault(ctx: ServiceContext, quota: Quota, type: DefaultQuotaType): Promise<void> {
    const em = ctx.em;
    await em.nativeDelete(DefaultQuotaAssociation, { type });
    if (quota.id) {
      await em.nativeDelete(DefaultQuotaAssociation, { quota });
      await em.nativeDelete(UserQuotaAssociation, { quota });
      await em.nativeDelete(GroupQuotaAssociation, { quota });
    }
    em.create(DefaultQuotaAssociation, { type, quota });
  }

  private async isDefault(ctx: ServiceContext, quota: Quota): Promise<boolean> {
    return (await ctx.em.count(DefaultQuotaAssociation, { quota })) > 0;
  }
}
