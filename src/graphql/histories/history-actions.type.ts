import { Field, ObjectType } from 'type-graphql';

@ObjectType('HistoryActions', { description: 'What the caller may do with a history (the same rules the operations apply); the web UI offers only these.', simpleResolvers: true })
export class HistoryActionsType {
  @Field(() => Boolean, { description: 'Rename, tag, annotate, delete, undelete and purge it, and change, hide or delete its items.' })
  change!: boolean;

  @Field(() => Boolean, { description: 'Upload into it and run tools or workflows into it.' })
  addData!: boolean;

  @Field(() => Boolean, { description: "Make it the browser session's current history (the caller's own, not deleted)." })
  makeCurrent!: boolean;

  @Field(() => Boolean, { description: 'Change its link access, publishing and the users it is shared with.' })
  share!: boolean;
}
