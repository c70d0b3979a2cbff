import type { ServiceContext } from '../../context/service-context';
import { Page, PageRevision } from '../../entities/page.entity';
import { AppError, errors } from '../../errors/error-kinds';
import { decodeId } from '../shared';
import { sanitizeText } from '../shared';
import { safePageContent } from './page-content';
import { listPages, listPublishedPages, listSharedPages, type PageRevisionView, type PageView, readPage, readRevisions, slugTaken } from './page-view';

/** The platform's `_is_valid_slug` (platform-facts §5.4). */
const SLUG = /^[a-z0-9-]+$/;

export interface PageInput {
  title?: string | null;
  slug?: string | null;
  content?: string | null;
  annotation?: string | null;
}

export interface RevisionInput {
  title?: string | null;
  content?: string | null;
}

/** An unknown page and an id that cannot be decoded look the same (ObjectNotFound, default message). */
const notFound = () => errors.notFound();

/**
 * Pages and their revisions (platform-facts §4.6): listing rules, slug rules, content sanitized on
 * write and on read (`page-content.ts`), and owner-or-administrator access for delete and revisions;
 * show by the sharing rules.
 */
export class PageService {
  /** Administrators: all pages; others: their own plus published pages of other users. */
  list(ctx: ServiceContext, deleted: boolean): Promise<PageView[]> {
    ctx.caller.requireIdentity();
    return listPages(ctx, deleted, ctx.caller.isAdmin, ctx.caller.userId);
  }

  /**
   * The contract's "requires access", by the sharing rules (`sharing/shareable-access.ts`): owner,
   * administrators, anyone with the link (visitors too) when published or shared by link, users it
   * is shared with. Others get ItemOwnershipException with the default message, as the platform.
   * (The REST route still asks for an identity first, as the contract's.)
   */
  async show(ctx: ServiceContext, encodedId: string): Promise<PageView> {
    const page = await this.read(ctx, decodeId(ctx, encodedId, notFound));
    if (!page.readable) throw errors.notOwned();
    return page;
  }

  /** Pages other users shared with the caller (not deleted), newest first. */
  sharedWithMe(ctx: ServiceContext): Promise<PageView[]> {
    return listSharedPages(ctx, ctx.caller.requireUser().id);
  }

  /** Published pages of every user (not deleted), newest first. */
  published(ctx: ServiceContext): Promise<PageView[]> {
    return listPublishedPages(ctx);
  }

  async create(ctx: ServiceContext, input: PageInput): Promise<PageView> {
    const user = ctx.caller.requireUser();
    if (!input.title) throw errors.missingAttribute('Page name is required');
    if (!input.slug) throw errors.missingAttribute('Page id is required');
    if (!SLUG.test(input.slug)) throw errors.invalidAttribute("Page identifier must consist of only lowercase letters, numbers, and the '-' character");
    if (await slugTaken(ctx, user.id, input.slug)) throw new AppError('DuplicatedSlugException', 'Page slug must be unique');
    const { title, slug } = input;
    const id = await ctx.em.transactional(async (em) => {
      const page = em.create(Page, { user: ctx.requireUserRef(), title, slug, annotation: input.annotation ? sanitizeText(input.annotation) : null });
      await em.flush();
      // The first revision needs the page's id, and the page then points at it.
      page.latestRevision = em.create(PageRevision, { page, title, content: safePageContent(input.content ?? '') });
      await em.flush();
      return page.id;
    });
    return this.read(ctx, id);
  }

  /** Marks the page deleted; the platform answers an empty string. */
  async delete(ctx: ServiceContext, encodedId: string): Promise<string> {
    const view = await this.findOwned(ctx, encodedId);
    await ctx.em.nativeUpdate(Page, { id: view.id }, { deleted: true, updateTime: new Date() });
    return '';
  }

  async revisions(ctx: ServiceContext, encodedPageId: string): Promise<PageRevisionView[]> {
    const page = await this.findOwned(ctx, encodedPageId, 'Page is not owned by the current user');
    return readRevisions(ctx, page.id);
  }

  /** A new latest revision; its title defaults to the page's. */
  async createRevision(ctx: ServiceContext, encodedPageId: string, input: RevisionInput): Promise<PageRevisionView> {
    if (!input.content) throw errors.missingAttribute('content undefined or empty');
    const view = await this.findOwned(ctx, encodedPageId, 'Page is not owned by the current user');
    const content = safePageContent(input.content);
    return ctx.em.transactional(async (em) => {
      const page = em.getReference(Page, view.id);
      const revision = em.create(PageRevision, { page, title: input.title || view.title, content });
      await em.flush();
      await em.nativeUpdate(Page, { id: view.id }, { latestRevision: revision.id, updateTime: new Date() });
      return { id: revision.id, pageId: view.id, title: revision.title, content: revision.content, createTime: revision.createTime, updateTime: revision.updateTime };
    });
  }

  /** The page if the caller owns it or is an administrator (else ItemOwnershipException). */
  async findOwned(ctx: ServiceContext, encodedId: string, message?: string): Promise<PageView> {
    ctx.caller.requireIdentity();
    const page = await this.read(ctx, decodeId(ctx, encodedId, notFound));
    if (!ctx.caller.isAdmin && page.userId !== ctx.caller.userId) throw errors.notOwned(message);
    return page;
  }

  private async read(ctx: ServiceContext, id: number): Promise<PageView> {
    const page = await readPage(ctx, id);
    if (!page) throw notFound();
    return page;
  }
}
