import { Field, ID, Int, ObjectType } from 'type-graphql';
import { PageInfo } from '../collections/history-items-page.types';
import { FolderContentItemType, LibraryContentEntryType, PathEntryType } from './library.types';

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

@ObjectType('FolderContentsHeader', { simpleResolvers: true, description: 'What a folder listing says about the folder itself.' })
export class FolderContentsHeaderType {
  @Field(() => [PathEntryType], { description: 'From the library root down to this folder.' }) fullPath!: PathEntryType[];
  @Field(() => Boolean) canAddLibraryItem!: boolean;
  @Field(() => Boolean) canModifyFolder!: boolean;
  @Field(() => ID, { nullable: true }) parentLibraryId!: string | null;
}

@ObjectType({ simpleResolvers: true, description: "A batch of a folder's first level as the listing reads it; the first batch also carries the header." })
export class FolderContentsBatch {
  @Field(() => FolderContentsHeaderType, { nullable: true, description: 'On the first batch only.' })
  header!: FolderContentsHeaderType | null;

  @Field(() => [FolderContentItemType])
  items!: FolderContentItemType[];
}

@ObjectType({ simpleResolvers: true, description: "A batch of a library's recursive listing as it is read (the first starts with the root '/')." })
export class LibraryContentsBatch {
  @Field(() => [LibraryContentEntryType])
  items!: LibraryContentEntryType[];
}

@ObjectType({ description: "An entry of a library's recursive listing with the cursor that continues after it." })
export class LibraryContentEdge {
  @Field(() => String)
  cursor!: string;

  @Field(() => LibraryContentEntryType)
  node!: LibraryContentEntryType;
}

@ObjectType({ description: "A page of a library's recursive listing: '/', then each folder before what it holds, by name." })
export class LibraryContentConnection {
  @Field(() => [LibraryContentEdge])
  edges!: LibraryContentEdge[];

  @Field(() => PageInfo)
  pageInfo!: PageInfo;

  @Field(() => Int, { description: "Every entry the caller may see ('/' included), on every page." })
  totalCount!: number;
}
