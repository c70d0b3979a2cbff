import { Arg, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { RequestContext } from '../../context/request-context';
import { elementsByCollectionId } from '../../services/collections';
import { Access } from '../shared/access';
import { JSONObjectScalar, JSONScalar } from '../shared/scalars';
import { CollectionElementType, DatasetCollectionType, HistoryCollectionType } from './collection.types';
import { type CollectionNode, type ElementNode, elementNode, type HdcaNode, hdcaNode } from './collection-nodes';

async function elementsOf(ctx: RequestContext, collection: CollectionNode): Promise<ElementNode[]> {
  const elements = await ctx.loaders.get(elementsByCollectionId).load(collection.rawId);
  return elements.map((element) => elementNode(ctx, element));
}

@Resolver(() => DatasetCollectionType)
export class DatasetCollectionResolver {
  @FieldResolver(() => [CollectionElementType], { description: 'Batched: every collection of a request, nested ones included, is read in one statement.' })
  elements(@Root() collection: CollectionNode, @Ctx() ctx: RequestContext): Promise<ElementNode[]> {
    return elementsOf(ctx, collection);
  }
}

@Resolver(() => HistoryCollectionType)
export class HistoryCollectionResolver {
  @Query(() => [HistoryCollectionType], { description: 'Dataset collections of a readable history, by hid.' })
  @Access('anonymous')
  async historyCollections(
    @Ctx() ctx: RequestContext,
    @Arg('historyId', () => ID) historyId: string,
    @Arg('deleted', () => Boolean, { nullable: true }) deleted?: boolean,
    @Arg('visible', () => Boolean, { nullable: true }) visible?: boolean,
  ): Promise<HdcaNode[]> {
    const views = await ctx.services.hdcas.contents(ctx, historyId, { deleted, visible });
    return views.map((view) => hdcaNode(ctx, view));
  }

  @Query(() => HistoryCollectionType)
  @Access('anonymous')
  async historyCollection(@Ctx() ctx: RequestContext, @Arg('historyId', () => ID) historyId: string, @Arg('id', () => ID) id: string): Promise<HdcaNode> {
    return hdcaNode(ctx, await ctx.services.hdcas.showInHistory(ctx, historyId, id));
  }

  @Query(() => HistoryCollectionType, { description: 'A history dataset collection by id (GET /api/dataset_collections/{id}).' })
  @Access('anonymous')
  async datasetCollection(
    @Ctx() ctx: RequestContext,
    @Arg('id', () => ID) id: string,
    @Arg('instanceType', () => String, { nullable: true, description: "'history' (the default); library collections are listed in their folders." }) instanceType?: string,
  ): Promise<HdcaNode> {
    return hdcaNode(ctx, await ctx.services.hdcas.readableInstance(ctx, id, instanceType ?? 'history'));
  }

  @Mutation(() => HistoryCollectionType, { description: 'Creates a collection in a history the caller owns from datasets, library datasets and nested collections.' })
  @Access('owner')
  async createCollection(
    @Ctx() ctx: RequestContext,
    @Arg('historyId', () => ID) historyId: string,
    @Arg('collectionType', () => String, { nullable: true }) collectionType: string | null,
    @Arg('elementIdentifiers', () => JSONScalar, { nullable: true, description: '[{name, src: hda|ldda|ld|hdca|new_collection, id | collection_type + element_identifiers}]' })
    elementIdentifiers: unknown,
    @Arg('name', () => String, { nullable: true }) name?: string,
    @Arg('copyElements', () => Boolean, { nullable: true }) copyElements?: boolean,
  ): Promise<HdcaNode> {
    return hdcaNode(ctx, await ctx.services.hdcas.create(ctx, historyId, { collectionType, elementIdentifiers, name, copyElements }));
  }

  @Mutation(() => HistoryCollectionType, { description: 'Copies a readable collection into a history the caller owns.' })
  @Access('owner')
  async copyCollection(@Ctx() ctx: RequestContext, @Arg('historyId', () => ID) historyId: string, @Arg('source', () => ID, { nullable: true }) source?: string): Promise<HdcaNode> {
    return hdcaNode(ctx, await ctx.services.hdcas.copy(ctx, historyId, source));
  }

  @Mutation(() => HistoryCollectionType, { description: 'Changes name, visibility and deletion.' })
  @Access('owner')
  async updateCollection(
    @Ctx() ctx: RequestContext,
    @Arg('historyId', () => ID) historyId: string,
    @Arg('id', () => ID) id: string,
    @Arg('changes', () => JSONObjectScalar) changes: Record<string, unknown>,
  ): Promise<HdcaNode> {
    return hdcaNode(ctx, await ctx.services.hdcas.update(ctx, historyId, id, changes));
  }

  @Mutation(() => HistoryCollectionType)
  @Access('owner')
  async deleteCollection(@Ctx() ctx: RequestContext, @Arg('historyId', () => ID) historyId: string, @Arg('id', () => ID) id: string): Promise<HdcaNode> {
    return hdcaNode(ctx, await ctx.services.hdcas.delete(ctx, historyId, id));
  }

  @FieldResolver(() => [CollectionElementType])
  elements(@Root() hdca: HdcaNode, @Ctx() ctx: RequestContext): Promise<ElementNode[]> {
    return elementsOf(ctx, hdca.collection);
  }
}
