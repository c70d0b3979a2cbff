import { Field, ObjectType, registerEnumType } from 'type-graphql';

export enum PageEmbedKindEnum {
  HISTORY = 'history',
  DATASET = 'dataset',
  WORKFLOW = 'workflow',
  VISUALIZATION = 'visualization',
}
registerEnumType(PageEmbedKindEnum, { name: 'PageEmbedKind', description: 'What a page embeds (the second word of its placeholder\'s class).' });

@ObjectType('PageEmbed', {
  description:
    "An item a page embeds (15.05's `<div class=\"embedded-item history placeholder\" id=\"History-<id>\">`), read with the CALLER's rights: its field of its kind is null when the caller may not read it (or it is gone), whoever wrote the page.",
})
export class PageEmbedType {
  @Field(() => PageEmbedKindEnum)
  kind!: PageEmbedKindEnum;
}
