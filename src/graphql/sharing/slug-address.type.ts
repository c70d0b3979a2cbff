import { Field, ID, ObjectType } from 'type-graphql';
import { ShareableKindEnum } from './shareable-kind.enum';

/** What an address `u/<username>/<letter>/<slug>` names: a shareable item, by kind and id. */
@ObjectType('SlugAddressedItem', { description: 'The item a u/<username>/<h, p, v or w>/<slug> address names.' })
export class SlugAddressedItemType {
  @Field(() => ShareableKindEnum)
  kind!: string;

  @Field(() => ID, { description: "The item's id (unique within its kind only)." })
  id!: string;
}
