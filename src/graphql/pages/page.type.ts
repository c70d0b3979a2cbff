import { Field, InputType, ObjectType } from 'type-graphql';

@ObjectType('Page')
export class PageType {
  @Field(() => String)
  title!: string;

  @Field(() => String)
  slug!: string;

  @Field(() => String, { nullable: true, description: "The owner's public username (never their email)." })
  owner!: string | null;

  @Field(() => Boolean)
  published!: boolean;

  @Field(() => Boolean)
  importable!: boolean;

  @Field(() => Boolean)
  deleted!: boolean;

  @Field(() => String, { nullable: true, description: "The latest revision's content (read by `page(id)`)." })
  content?: string | null;
}

@ObjectType('PageRevision')
export class PageRevisionType {
  @Field(() => String)
  title!: string;

  @Field(() => String)
  content!: string;

  @Field(() => Date)
  createTime!: Date;

  @Field(() => Date)
  updateTime!: Date;
}

@InputType('PageInput')
export class PageInputType {
  @Field(() => String, { nullable: true })
  title?: string;

  @Field(() => String, { nullable: true, description: "Lowercase letters, digits and '-'; unique among the user's pages." })
  slug?: string;

  @Field(() => String, { nullable: true, description: 'HTML; sanitized.' })
  content?: string;

  @Field(() => String, { nullable: true, description: 'Sanitized.' })
  annotation?: string;
}

@InputType('PageRevisionInput')
export class PageRevisionInputType {
  @Field(() => String, { nullable: true, description: 'Required HTML; sanitized.' })
  content?: string;

  @Field(() => String, { nullable: true, description: "Defaults to the page's title." })
  title?: string;
}
