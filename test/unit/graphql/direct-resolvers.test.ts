import 'reflect-metadata';
import { type GraphQLResolveInfo, type GraphQLSchema, graphql } from 'graphql';
import { Arg, buildSchema, Ctx, Field, FieldResolver, ID, InputType, Info, Int, ObjectType, Query, Resolver, Root, UseMiddleware } from 'type-graphql';
import { ResolverInstances, useDirectResolvers } from '../../../src/graphql/shared/direct-resolvers';

interface Context {
  prefix: string;
  calls: string[];
}

@ObjectType('DirectItem')
class DirectItemType {
  @Field(() => Int)
  n!: number;
}

@InputType('DirectFilter')
class DirectFilter {
  @Field(() => Int)
  min!: number;
}

interface ItemView {
  n: number;
}

@Resolver(() => DirectItemType)
class DirectItemResolver {
  @Query(() => DirectItemType)
  item(@Arg('n', () => Int) n: number, @Ctx() ctx: Context): ItemView {
    ctx.calls.push(`item ${n}`);
    return { n };
  }

  @Query(() => [Int])
  filtered(@Arg('filter', () => DirectFilter) filter: DirectFilter): number[] {
    return [filter instanceof DirectFilter ? filter.min : -1];
  }

  @Query(() => String)
  @UseMiddleware(({ context }, next) => {
    (context as Context).calls.push('middleware');
    return next();
  })
  guarded(): string {
    return 'guarded';
  }

  @FieldResolver(() => ID)
  label(@Root() item: ItemView, @Ctx('prefix') prefix: string, @Info() info: GraphQLResolveInfo): string {
    return `${prefix}${item.n}:${info.fieldName}`;
  }

  @FieldResolver(() => [String])
  tags(@Root() item: ItemView, @Arg('names', () => [String], { nullable: true }) names?: string[]): string[] {
    return (names ?? []).map((name) => `${name}${item.n}`);
  }

  @FieldResolver(() => String)
  async later(@Root() item: ItemView): Promise<string> {
    if (item.n < 0) throw new Error('negative');
    return `later ${item.n}`;
  }
}

const QUERY = '{ item(n: 3) { n label tags(names: ["a", "b"]) later } filtered(filter: { min: 2 }) guarded }';

async function schemas(): Promise<{ plain: GraphQLSchema; direct: GraphQLSchema }> {
  const plain = await buildSchema({ resolvers: [DirectItemResolver], validate: false });
  const instances = new ResolverInstances();
  const built = await buildSchema({ resolvers: [DirectItemResolver], validate: false, container: instances });
  return { plain, direct: useDirectResolvers(built, [DirectItemResolver], instances) };
}

describe('direct resolvers', () => {
  // A direct call starts at once; type-graphql's, for a method with arguments, after their (asynchronous)
  // validation: sibling fields of a query may start in another order, never of a mutation (run one by one).
  it('answer what type-graphql’s resolvers answer, with the same calls', async () => {
    const { plain, direct } = await schemas();
    const run = async (schema: GraphQLSchema) => {
      const context: Context = { prefix: 'p', calls: [] };
      return { result: await graphql({ schema, source: QUERY, contextValue: context }), calls: [...context.calls].sort() };
    };
    const expected = await run(plain);
    expect(expected.result.errors).toBeUndefined();
    expect(await run(direct)).toEqual(expected);
  });

  it('take over the calls that only read their parameters, and leave middleware and input classes to type-graphql', async () => {
    const { plain, direct } = await schemas();
    const resolverOf = (schema: GraphQLSchema, type: string, field: string) => schema.getTypeMap()[type] && (schema.getType(type) as unknown as { getFields(): Record<string, { resolve?: unknown }> }).getFields()[field].resolve;
    for (const [type, field] of [['DirectItem', 'label'], ['DirectItem', 'tags'], ['DirectItem', 'later'], ['Query', 'item']]) {
      expect(resolverOf(direct, type, field)?.toString()).toMatch(/method\.(call|apply)/);
    }
    for (const [type, field] of [['Query', 'filtered'], ['Query', 'guarded']]) {
      expect(resolverOf(direct, type, field)?.toString()).toBe(resolverOf(plain, type, field)?.toString());
    }
  });

  it('report a resolver’s failure as the field’s error', async () => {
    const { direct } = await schemas();
    const result = await graphql({ schema: direct, source: '{ item(n: -1) { later } }', contextValue: { prefix: '', calls: [] } });
    expect(result.errors?.[0]?.message).toBe('negative');
  });
});
