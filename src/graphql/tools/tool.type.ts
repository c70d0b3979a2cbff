import { Field, ID, InputType, ObjectType } from 'type-graphql';
import { HistoryCollectionType } from '../collections/collection.types';
import type { HdcaNode } from '../collections/collection-nodes';
import type { FileUpload } from 'graphql-upload-minimal';
import { JSONObjectScalar, UploadScalar } from '../shared/scalars';
import { HistoryContentType } from '../datasets/history-content.type';
import { JobType } from '../jobs/job.type';
import type { Job } from '../../entities/job.entity';
import type { HdaNode } from '../datasets/hda-node';
import type { ToolDefinition } from '../../tools';

@ObjectType('Tool')
export class ToolType {
  @Field(() => ID)
  id!: string;

  @Field(() => String)
  name!: string;

  @Field(() => String)
  version!: string;

  @Field(() => String)
  description!: string;

  @Field(() => String, { description: "The tool's help as its XML gives it (reStructuredText)." })
  help!: string;
}

@InputType('ToolFileInput', { description: 'A file for an upload parameter, e.g. name "files_0|file_data".' })
export class ToolFileInput {
  @Field(() => String)
  name!: string;

  @Field(() => UploadScalar)
  file!: Promise<FileUpload>;
}

@InputType('RunToolInput')
export class RunToolInput {
  @Field(() => String)
  toolId!: string;

  @Field(() => ID, { nullable: true, description: 'Default: the current history (created when needed).' })
  historyId?: string;

  @Field(() => JSONObjectScalar, { nullable: true, description: "The tool form: flat names ('cond|param', 'queries_0|input2') or nested." })
  inputs?: Record<string, unknown>;

  @Field(() => [ToolFileInput], { nullable: true })
  files?: ToolFileInput[];

  @Field(() => ID, {
    nullable: true,
    description: "A failed job of a map over a collection this run replaces: the new job's outputs take the place of the old job's outputs in their collections (15.05's rerun_remap_job_id).",
  })
  rerunRemapJobId?: string;
}

@ObjectType('ToolOutput')
export class ToolOutputType {
  @Field(() => String)
  name!: string;

  @Field(() => HistoryContentType)
  dataset!: HdaNode;
}

@ObjectType('ImplicitCollection', { description: 'An output of a tool mapped over a collection, gathered into a collection of the same structure.' })
export class ImplicitCollectionType {
  @Field(() => String, { description: 'The tool output it gathers.' })
  name!: string;

  @Field(() => HistoryCollectionType)
  collection!: HdcaNode;
}

@ObjectType('ToolRun')
export class ToolRunType {
  @Field(() => [ToolOutputType])
  outputs!: ToolOutputType[];

  @Field(() => [JobType])
  jobs!: Job[];

  @Field(() => [ImplicitCollectionType])
  implicitCollections!: ImplicitCollectionType[];
}

@ObjectType('ToolPanelSection', { description: 'A section of the tool panel with its tools, in panel order.' })
export class ToolPanelSectionType {
  @Field(() => ID, { nullable: true, description: 'Null for tools the panel shows outside any section (consecutive ones together).' })
  id!: string | null;

  @Field(() => String)
  name!: string;

  @Field(() => [ToolType])
  tools!: ToolDefinition[];
}
