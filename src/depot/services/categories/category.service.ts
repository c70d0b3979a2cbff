import { AppError, errors } from '../../../errors/error-kinds';
import { decodeId } from '../../../services/shared';
import type { DepotServiceContext } from '../../context/depot-service-context';
import { Category } from '../../entities/category.entity';
import { type CategoryView, listCategories, readCategory } from './category-view';

/** Categories: administrators create them; anyone lists and shows them. */
export class CategoryService {
  list(ctx: DepotServiceContext, deleted: boolean): Promise<CategoryView[]> {
    if (deleted && !ctx.caller.isAdmin) throw errors.adminRequired('Only administrators can query deleted categories.');
    return listCategories(ctx, deleted);
  }

  async show(ctx: DepotServiceContext, encodedId: string): Promise<CategoryView> {
    const category = await readCategory(ctx, decodeId(ctx, encodedId));
    if (!category) throw errors.notFound(`Unable to locate category record for id ${encodedId}.`);
    return category;
  }

  /** The description defaults to the name; names are unique (Conflict otherwise). */
  async create(ctx: DepotServiceContext, name: string | null | undefined, description: string | null | undefined): Promise<CategoryView> {
    ctx.caller.requireAdmin();
    const trimmed = (name ?? '').trim();
    if (!trimmed) throw errors.missing('Missing required parameter "name".');
    if ((await ctx.em.count(Category, { name: trimmed })) > 0) throw new AppError('Conflict', 'A category with that name already exists.');
    const category = ctx.em.create(Category, { name: trimmed, description: (description ?? '').trim() || trimmed });
    await ctx.em.persistAndFlush(category);
    return { id: category.id, name: category.name, description: category.description, deleted: false, repositoryCount: 0 };
  }
}
