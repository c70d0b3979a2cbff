import { Field, ObjectType } from 'type-graphql';

@ObjectType('ToolLoadProblem', { description: 'A file that looked like a tool and did not load.' })
export class ToolLoadProblemType {
  @Field(() => String)
  file!: string;

  @Field(() => String)
  message!: string;
}

@ObjectType('ToolReload', { description: 'What "Reload tools" changed: tool ids added, removed and changed (their XML differs).' })
export class ToolReloadType {
  @Field(() => [String])
  added!: string[];

  @Field(() => [String])
  removed!: string[];

  @Field(() => [String])
  changed!: string[];

  @Field(() => [ToolLoadProblemType], { description: 'Files of TOOL_DIRS that failed to load (left out; the others loaded).' })
  problems!: ToolLoadProblemType[];
}
