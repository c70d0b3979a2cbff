import { Arg, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import { Access } from '../../../graphql/shared/access';
import { encoded } from '../../../graphql/shared/encoded-id';
import type { DepotRequestContext } from '../../context/depot-context';
import type { CategoryView } from '../../services/categories/category-view';
import { CategoryType } from './category.type';

@Resolver(() => CategoryType)
export class CategoryResolver {
  @Query(() => [CategoryType], { description: 'Categories by name; deleted ones for administrators.' })
  @Access('anonymous')
  categories(@Ctx() ctx: DepotRequestContext, @Arg('deleted', () => Boolean, { nullable: true }) deleted?: boolean): Promise<CategoryView[]> {
    return ctx.services.categories.list(ctx, deleted ?? false);
  }

  @Query(() => CategoryType)
  @Access('anonymous')
  category(@Ctx() ctx: DepotRequestContext, @Arg('id', () => ID) id: string): Promise<CategoryView> {
    return ctx.services.categories.show(ctx, id);
  }

  @Mutation(() => CategoryType, { description: 'The description defaults to the name.' })
  @Access('admin')
  createCategory(
    @Ctx() ctx: DepotRequestContext,
    @Arg('name', () => String, { nullable: true }) name?: string,
    @Arg('description', () => String, { nullable: true }) description?: string,
  ): Promise<CategoryView> {
    return ctx.services.categories.create(ctx, name, description);
  }

  @FieldResolver(() => ID)
  id(@Root() category: CategoryView, @Ctx() ctx: DepotRequestContext): string {
    return encoded(ctx, category.id);
  }
}
