import { mayChangeVisualization, mayShareVisualization } from './visualization-actions';
import type { ServiceContext } from '../../context/service-context';
import { User } from '../../entities/user.entity';
import { Visualization, VisualizationRevision } from '../../entities/visualization.entity';
import { AppError, errors } from '../../errors/error-kinds';
import { IdDecodeError } from '../../ids/id-codec';
import { validatePayload } from './visualization-payload';
import type { OwnedItem } from '../sharing';
import {
  listPublishedVisualizations,
  listSharedVisualizations,
  listVisualizations,
  readOwner,
  readVisualization,
  type VisualizationDetail,
  type VisualizationSummary,
} from './visualization-view';

const SLUG = /^[a-z0-9-]+$/;

/** Key order does not matter (jsonb reorders keys): compares configs as canonical JSON. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonical(item)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/**
 * Visualizations (platform-facts §4.7). Reading follows the sharing rules (ownership,
 * administration, link access, published, a share with the caller: `sharing/shareable-access.ts`);
 * changing one needs ownership (the contract's "Owner only": administrators may read any, change
 * none); changing its sharing needs ownership or administration, as for every shareable kind.
 */
export class VisualizationService {
  list(ctx: ServiceContext): Promise<VisualizationSummary[]> {
    return listVisualizations(ctx, ctx.caller.requireUser().id);
  }

  /** Deleted ones too, as the platform's show (see `visualization-view.ts`). */
  async show(ctx: ServiceContext, encodedId: string): Promise<VisualizationDetail> {
    const id = this.decode(ctx, encodedId);
    const detail = await readVisualization(ctx, id);
    if (!detail) throw this.unknown(encodedId);
    if (!detail.readable) throw errors.notAccessible('Visualization is not accessible to the current user');
    return detail;
  }

  /** Visualizations other users shared with the caller (not deleted), newest first. */
  sharedWithMe(ctx: ServiceContext): Promise<VisualizationSummary[]> {
    return listSharedVisualizations(ctx, ctx.caller.requireUser().id);
  }

  /** Published visualizations of every user (not deleted), newest first. */
  published(ctx: ServiceContext): Promise<VisualizationSummary[]> {
    return listPublishedVisualizations(ctx);
  }

  /** A visualization whose sharing the caller may change: owner or administrator (errors as update's). */
  async findSharable(ctx: ServiceContext, encodedId: string): Promise<OwnedItem> {
    ctx.caller.requireIdentity();
    const item = await readOwner(ctx, this.decode(ctx, encodedId));
    if (!item) throw this.unknown(encodedId);
    if (!mayShareVisualization(ctx.caller, item)) throw errors.notOwned('Visualization is not owned by the current user');
    return item;
  }

  /** A new visualization with its first revision, or (import_id) a copy of an accessible one. */
  async create(ctx: ServiceContext, raw: Record<string, unknown>): Promise<number> {
    const user = ctx.caller.requireUser();
    if (raw.import_id !== undefined && raw.import_id !== null) return this.importCopy(ctx, String(raw.import_id));
    const payload = validatePayload(raw);
    if (payload.type === undefined) throw errors.missing("key/value 'type' is required");
    const title = payload.title ?? 'Untitled Visualization';
    // The platform reports these through a ValueError that it turns into RequestParameterMissingException.
    if (!title) throw errors.missing('visualization name is required');
    const slug = payload.slug || null;
    if (slug !== null && !SLUG.test(slug)) throw errors.missing("visualization identifier must consist of only lowercase letters, numbers, and the '-' character");
    return ctx.em.transactional(async (em) => {
      if (slug !== null && (await em.count(Visualization, { user: user.id, slug, deleted: false })) > 0) {
        throw errors.missing('visualization identifier must be unique');
      }
      const owner = em.getReference(User, user.id);
      const visualization = em.create(Visualization, { user: owner, title, type: payload.type ?? '', dbkey: payload.dbkey ?? null, slug, annotation: payload.annotation || null });
      const revision = em.create(VisualizationRevision, { visualization, title, dbkey: payload.dbkey ?? null, config: payload.config ?? {} });
      await em.flush();
      visualization.latestRevision = revision;
      await em.flush();
      return visualization.id;
    });
  }

  /**
   * Adds a revision when title, dbkey or config differ from the latest one (answering its raw id),
   * else null; the title always goes onto the visualization. Owner only.
   */
  async update(ctx: ServiceContext, encodedId: string, raw: Record<string, unknown>): Promise<number | null> {
    ctx.caller.requireUser();
    const payload = validatePayload(raw);
    const id = this.decode(ctx, encodedId);
    return ctx.em.transactional(async (em) => {
      const visualization = await em.findOne(Visualization, id, { populate: ['latestRevision'] });
      if (!visualization) throw this.unknown(encodedId);
      if (!mayChangeVisualization(ctx.caller, { userId: visualization.user.id })) throw errors.notOwned('Visualization is not owned by the current user');
      const latest = visualization.latestRevision;
      const title = payload.title ?? latest?.title ?? visualization.title;
      const dbkey = payload.dbkey ?? latest?.dbkey ?? null;
      const config = payload.config ?? latest?.config ?? {};
      let revisionId: number | null = null;
      if (!latest || title !== latest.title || dbkey !== latest.dbkey || canonical(config) !== canonical(latest.config)) {
        const revision = em.create(VisualizationRevision, { visualization, title, dbkey, config });
        await em.flush();
        visualization.latestRevision = revision;
        revisionId = revision.id;
      }
      visualization.title = title;
      await em.flush();
      return revisionId;
    });
  }

  /** The platform's import: a copy of the latest revision, titled "imported: ...", without slug. */
  private async importCopy(ctx: ServiceContext, encodedId: string): Promise<number> {
    const source = await this.show(ctx, encodedId);
    if (source.deleted) throw new AppError('MessageException', "You can't import this Visualization because it has been deleted.");
    const user = ctx.caller.requireUser();
    return ctx.em.transactional(async (em) => {
      const title = `imported: ${source.title}`;
      const latest = source.latestRevision;
      const visualization = em.create(Visualization, { user: em.getReference(User, user.id), title, type: source.type, dbkey: source.dbkey });
      const revision = em.create(VisualizationRevision, { visualization, title, dbkey: latest?.dbkey ?? source.dbkey, config: latest?.config ?? {} });
      await em.flush();
      visualization.latestRevision = revision;
      await em.flush();
      return visualization.id;
    });
  }

  /** The platform's get_object: a bad or unknown id is a plain MessageException naming the class. */
  private decode(ctx: ServiceContext, encodedId: string): number {
    try {
      return ctx.services.ids.decode(encodedId);
    } catch (error) {
      if (error instanceof IdDecodeError) throw new AppError('MessageException', `Malformed Visualization id ( ${encodedId} ) specified, unable to decode`);
      throw error;
    }
  }

  private unknown(encodedId: string): AppError {
    return new AppError('MessageException', `Invalid Visualization id ( ${encodedId} ) specified`);
  }
}
