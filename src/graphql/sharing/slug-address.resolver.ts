import { Arg, Ctx, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '../../context/request-context';
import { itemAtSlugAddress } from '../../services/sharing';
import { Access } from '../shared/access';
import { encoded } from '../shared/encoded-id';
import { SlugAddressedItemType } from './slug-address.type';

/** The addresses of 15.05 that people keep: `u/<username>/<h|p|v|w>/<slug>`. */
@Resolver()
export class SlugAddressResolver {
  @Query(() => SlugAddressedItemType, {
    description:
      'The item at u/<username>/<letter>/<slug> (h history, p page, v visualization, w workflow), for whoever may read it: ' +
      'its owner, an administrator, anyone when it is published or link-accessible, the users it is shared with. ' +
      'ObjectNotFound when no such item exists; ItemAccessibilityException for others.',
  })
  @Access('anonymous')
  async itemAtSlugAddress(
    @Ctx() ctx: RequestContext,
    @Arg('username', () => String) username: string,
    @Arg('letter', () => String) letter: string,
    @Arg('slug', () => String) slug: string,
  ): Promise<SlugAddressedItemType> {
    const item = await itemAtSlugAddress(ctx, username, letter, slug);
    return { kind: item.kind, id: encoded(ctx, item.id) };
  }
}
