import { Field, Int, ObjectType } from 'type-graphql';

/** A dataset in a history (the platform's HDA). */
@ObjectType('HistoryContent')
export class HistoryContentType {
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

  @Field(() => String, { nullable: true })
  peek!: string | null;

  @Field(() => String, { nullable: true })
  annotation!: string | null;

  @Field(() => Date)
  createTime!: Date;

  @Field(() => Date)
  updateTime!: Date;
}

@ObjectType('DatasetFile')
export class DatasetFileType {
  @Field(() => String, { description: 'Server path (for the display route).' })
  path!: string;

  @Field(() => String)
  mimetype!: string;

  @Field(() => String, { description: 'Download name without extension: Galaxy<hid>-[<name>].' })
  filename!: string;

  @Field(() => String)
  extension!: string;
}
