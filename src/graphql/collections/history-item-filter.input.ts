import { Field, InputType, Int } from 'type-graphql';
import type { HistoryItemFilter } from '../../services/collections';

@InputType({ description: "What the history panel's filter keeps (every condition given must hold; none: every item)." })
export class HistoryItemFilterInput implements HistoryItemFilter {
  @Field(() => String, { nullable: true, description: 'The name contains this text (case-insensitive).' })
  name?: string | null;

  @Field(() => String, { nullable: true, description: 'Datasets of this datatype (leaves collections out).' })
  extension?: string | null;

  @Field(() => String, { nullable: true, description: 'Datasets in this state (leaves collections out).' })
  state?: string | null;

  @Field(() => String, { nullable: true, description: 'Items with this tag (`name`, `name:value`; `#x` is `name:x`).' })
  tag?: string | null;

  @Field(() => Int, { nullable: true, description: 'Items of this hid or higher.' })
  hidMin?: number | null;

  @Field(() => Int, { nullable: true, description: 'Items of this hid or lower.' })
  hidMax?: number | null;

  @Field(() => Boolean, { nullable: true, description: 'Only deleted (true) or only not deleted (false) items.' })
  deleted?: boolean | null;

  @Field(() => Boolean, { nullable: true, description: 'Only visible (true) or only hidden (false) items.' })
  visible?: boolean | null;
}
