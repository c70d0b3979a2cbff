import { Field, Int, ObjectType } from 'type-graphql';
import { PageInfo } from '../collections/history-items-page.types';
import { FolderContentItemType } from './library.types';

@ObjectType({ description: 'A first-level item of a folder with the cursor that continues after it.' })
export class FolderContentEdge {
  @Field(() => String)
  cursor!: string;

  @Field(() => FolderContentItemType)
  node!: FolderContentItemType;
}

@ObjectType({ description: "A page of a folder's first level: subfolders, then datasets, each by name." })
export class FolderContentConnection {
  @Field(() => [FolderContentEdge])
  edges!: FolderContentEdge[];

  @Field(() => PageInfo)
  pageInfo!: PageInfo;

  @Field(() => Int, { description: 'Every item of the folder the caller may see, on every page.' })
  totalCount!: number;
}
