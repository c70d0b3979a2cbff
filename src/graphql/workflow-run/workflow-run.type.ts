import { Field, Int, ObjectType } from 'type-graphql';

@ObjectType('WorkflowRunStep', { description: "A step of a workflow as the run form shows it, in the platform's order (inputs first)." })
export class WorkflowRunStepType {
  @Field(() => Int)
  orderIndex!: number;

  @Field(() => Int, { description: 'Its number as the platform shows it: inputs first, then the other steps in order, from 1 (the run screen and the errors use it too).' })
  number!: number;

  @Field(() => String, { description: 'data_input, data_collection_input or tool' })
  type!: string;

  @Field(() => String, { nullable: true })
  label!: string | null;

  @Field(() => String, { nullable: true })
  annotation!: string | null;

  @Field(() => String, { description: "What the step is called: its label, else its input's name or its tool's name." })
  title!: string;

  @Field(() => String, { nullable: true })
  toolId!: string | null;

  @Field(() => String, { nullable: true, description: "The installed tool's name (null: not installed, or not a tool step)." })
  toolName!: string | null;

  @Field(() => String, { nullable: true, description: 'The version the step stores.' })
  toolVersion!: string | null;

  @Field(() => Boolean, { description: 'False for a tool step whose tool is not installed.' })
  toolInstalled!: boolean;

  @Field(() => String, { nullable: true, description: "An input collection step's collection type." })
  collectionType!: string | null;

  @Field(() => [String], { description: 'Flat names of the data inputs fed by an earlier step.' })
  connectedInputs!: string[];

  @Field(() => [String], { description: 'Flat names of the parameters marked "Set at runtime".' })
  runtimeInputs!: string[];
}

@ObjectType('WorkflowRunProblem', { description: 'A value a run would refuse, by step and field.' })
export class WorkflowRunProblemType {
  @Field(() => Int)
  orderIndex!: number;

  @Field(() => Int)
  stepNumber!: number;

  @Field(() => String)
  stepTitle!: string;

  @Field(() => String, { nullable: true, description: 'The flat name of the parameter (null: the whole step).' })
  field!: string | null;

  @Field(() => String, { nullable: true, description: 'The label the form shows for the parameter.' })
  fieldLabel!: string | null;

  @Field(() => String, { description: 'Why, without where.' })
  message!: string;

  @Field(() => String, { description: "Where and why: \"Step 2: Sort, field 'in': …\"." })
  text!: string;
}
