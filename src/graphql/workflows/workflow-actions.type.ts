import { Field, ObjectType } from 'type-graphql';

@ObjectType('WorkflowActions', { description: 'What the caller may do with a workflow (the same rules the operations apply); the web UI offers only these.', simpleResolvers: true })
export class WorkflowActionsType {
  @Field(() => Boolean, { description: 'Update, rename or delete it (the owner or an administrator).' })
  change!: boolean;

  @Field(() => Boolean, { description: 'Change its link access, publishing and the users it is shared with.' })
  share!: boolean;

  @Field(() => Boolean, { description: 'Run it (a signed-in caller who may read it; not a deleted one).' })
  run!: boolean;

  @Field(() => Boolean, { description: 'Import a copy into their own workflows (a signed-in user who may read it and does not own it).' })
  copy!: boolean;

  @Field(() => Boolean, { description: "Copy it as 15.05 did (\"Copy of '<name>'\", the owner too); not a deleted one." })
  duplicate!: boolean;
}
