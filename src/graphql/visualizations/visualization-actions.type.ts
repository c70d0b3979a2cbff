import { Field, ObjectType } from 'type-graphql';

@ObjectType('VisualizationActions', { description: 'What the caller may do with a visualization (the same rules the operations apply); the web UI offers only these.', simpleResolvers: true })
export class VisualizationActionsType {
  @Field(() => Boolean, { description: 'Save a new revision (the owner only).' })
  change!: boolean;

  @Field(() => Boolean, { description: 'Change its link access, publishing and the users it is shared with (the owner or an administrator).' })
  share!: boolean;
}
