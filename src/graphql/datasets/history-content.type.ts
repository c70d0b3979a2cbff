import { Field, Float, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { JSONObjectScalar } from '../shared/scalars';

/**
 * A dataset in a history (the platform's HDA). Plain fields: the resolver builds an HdaNode per item,
 * and the plain fields are read as properties (`simpleResolvers`: no resolver wrapper per field and
 * item; there are no global middlewares), so a listing of 100,000 pays nothing per field.
 */
@ObjectType('HistoryContent', {
  simpleResolvers: true,
  description:
    "A dataset of a history (the platform's HDA). Listed to a caller who may not read it (`accessible` false) it shows its place only: id, hid, name, state, datatype, flags and times; every content fact is null or empty.",
})
export class HistoryContentType {
  @Field(() => ID)
  id!: string;

  @Field(() => ID)
  historyId!: string;

  @Field(() => ID)
  datasetId!: string;

  @Field(() => String)
  name!: string;

  @Field(() => Int)
  hid!: number;

  @Field(() => String)
  extension!: string;

  @Field(() => Boolean)
  deleted!: boolean;

  @Field(() => Boolean)
  purged!: boolean;

  @Field(() => Boolean)
  visible!: boolean;

  @Field(() => Boolean, {
    description:
      "Whether the caller may read the dataset: its history's owner and administrators always, others when they hold every one of its access roles (none: everyone). False: peek, metadata, info, blurb, genome build, uuid, tags, annotation, permissions, tool version, creating job, contents and columns are null or empty, fileSize 0.",
  })
  accessible!: boolean;

  @Field(() => String, { nullable: true })
  peek!: string | null;

  @Field(() => String, { nullable: true })
  annotation!: string | null;

  @Field(() => Date)
  createTime!: Date;

  @Field(() => Date)
  updateTime!: Date;

  @Field(() => String)
  state!: string;

  @Field(() => String, { nullable: true, description: 'Null when the caller may not read the dataset.' })
  genomeBuild!: string | null;

  @Field(() => String, { nullable: true, description: "What the job or upload said of the dataset (REST's misc_info): a message, an error's reason." })
  miscInfo!: string | null;

  @Field(() => String, { nullable: true, description: "A short summary of the content (REST's misc_blurb), such as '4 lines'." })
  miscBlurb!: string | null;

  @Field(() => String, { nullable: true, deprecationReason: 'Use miscInfo (the graph names its fields in camelCase).' })
  misc_info!: string | null;

  @Field(() => String, { nullable: true, deprecationReason: 'Use miscBlurb (the graph names its fields in camelCase).' })
  misc_blurb!: string | null;

  @Field(() => Number, { description: 'In bytes; 0 while unknown, and when the caller may not read the dataset.' })
  fileSize!: number;

  @Field(() => String, { nullable: true, description: 'Null when the caller may not read the dataset.' })
  uuid!: string | null;

  @Field(() => JSONObjectScalar, { nullable: true, description: 'Null when the caller may not read the dataset.' })
  metadata!: Record<string, unknown> | null;

  @Field(() => String, { description: 'The datatype class, module.Class.' })
  dataType!: string;

  @Field(() => String, { nullable: true, description: 'Path on the server (administrators only).' })
  fileName!: string | null;

  @Field(() => String, { nullable: true, description: 'Version of the tool that made the dataset.' })
  toolVersion!: string | null;
}

@ObjectType('DatasetRoleIds', { description: "A dataset's access roles (every one needed; none: public) and the roles that manage its permissions." })
export class DatasetRoleIdsType {
  @Field(() => [ID])
  access!: string[];

  @Field(() => [ID])
  manage!: string[];
}

/** How the display routes send a dataset's bytes (`services/datasets/dataset-delivery.ts`). */
export enum DatasetDeliveryMode {
  FILE = 'file',
  HEAD = 'head',
  SANITIZED = 'sanitized',
}

registerEnumType(DatasetDeliveryMode, {
  name: 'DatasetDeliveryMode',
  description: 'FILE: the file itself (HTTP ranges too); HEAD: its first byteLimit bytes (a preview); SANITIZED: an html dataset reduced to inert markup.',
});

@ObjectType('DatasetFile')
export class DatasetFileType {
  @Field(() => String, { description: 'Server path (for the display route).' })
  path!: string;

  @Field(() => String, { description: "The datatype's mimetype." })
  mimetype!: string;

  @Field(() => String, { description: 'Download name without extension: Galaxy<hid>-[<name>].' })
  filename!: string;

  @Field(() => String)
  extension!: string;

  @Field(() => Float, { description: 'Size of the file in bytes.' })
  size!: number;

  @Field(() => String, { description: 'The Content-Type answered: script-capable types as text/plain unless SERVE_XSS_VULNERABLE_MIMETYPES, sanitized html as text/html; charset=utf-8.' })
  contentType!: string;

  @Field(() => DatasetDeliveryMode)
  mode!: DatasetDeliveryMode;

  @Field(() => Float, { nullable: true, description: 'HEAD: the bytes sent; SANITIZED: the most bytes read to sanitize.' })
  byteLimit!: number | null;

  @Field(() => String, { nullable: true, description: 'The Content-Disposition of a download (to_ext).' })
  disposition!: string | null;
}
