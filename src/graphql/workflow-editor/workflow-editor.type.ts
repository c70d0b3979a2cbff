import { Field, ObjectType } from 'type-graphql';

@ObjectType('DatatypeAcceptance', { description: "Whether an output may feed an input, by the datatypes registry's subclass relation." })
export class DatatypeAcceptanceType {
  @Field(() => Boolean)
  accepted!: boolean;

  @Field(() => String, { nullable: true, description: 'Why the connection is refused.' })
  reason!: string | null;
}

@ObjectType('PostJobActionField', { description: 'An argument of a post-job action.' })
export class PostJobActionFieldType {
  @Field(() => String)
  name!: string;

  @Field(() => String)
  label!: string;

  @Field(() => String, { description: 'text, datatype or column' })
  kind!: string;

  @Field(() => String, { nullable: true })
  help!: string | null;
}

@ObjectType('PostJobActionDefinition', { description: "A post-job action the workflow editor offers (release 15.05's)." })
export class PostJobActionDefinitionType {
  @Field(() => String)
  actionType!: string;

  @Field(() => String)
  label!: string;

  @Field(() => Boolean, { description: 'Applies to the whole step rather than one output.' })
  perStep!: boolean;

  @Field(() => [PostJobActionFieldType])
  fields!: PostJobActionFieldType[];
}
