import type { FileUpload } from 'graphql-upload-minimal';
import { Field, Float, ID, InputType, ObjectType } from 'type-graphql';
import { UploadScalar } from '../shared/scalars';
import { LibraryDatasetVersionType } from './library.types';

@InputType('LibraryDatasetUpdateInput', { description: 'Absent fields are left unchanged; a file makes a new current version.' })
export class LibraryDatasetUpdateInput {
  @Field(() => String, { nullable: true }) name?: string;
  @Field(() => String, { nullable: true }) miscInfo?: string;
  @Field(() => String, { nullable: true }) genomeBuild?: string;
  @Field(() => String, { nullable: true, description: 'A datatype extension (with a file: its type, default auto).' }) fileExt?: string;
  @Field(() => UploadScalar, { nullable: true, description: 'The content of a new version (uploaded through the upload job).' }) file?: Promise<FileUpload>;
}

/** A library dataset after delete / undelete / purge, with its current version. */
@ObjectType('LibraryDatasetStatus')
export class LibraryDatasetStatusType {
  @Field(() => ID) id!: string;
  @Field(() => String) name!: string;
  @Field(() => Boolean) deleted!: boolean;
  @Field(() => Boolean) purged!: boolean;
  @Field(() => Date) updateTime!: Date;
  @Field(() => LibraryDatasetVersionType) current!: LibraryDatasetVersionType;
}

@ObjectType('LibraryArchiveEntry')
export class LibraryArchiveEntryType {
  @Field(() => String, { description: 'Path inside the archive: library name, folders, dataset name.' }) path!: string;
  @Field(() => String, { description: 'The file on the server.' }) file!: string;
  @Field(() => Float) size!: number;
  @Field(() => Date) mtime!: Date;
}

@ObjectType('LibraryArchive', { description: 'What a download of library datasets holds (the REST route streams it).' })
export class LibraryArchiveType {
  @Field(() => String, { description: 'zip, tgz, tbz or uncompressed.' }) format!: string;
  @Field(() => String) filename!: string;
  @Field(() => String) contentType!: string;
  @Field(() => [LibraryArchiveEntryType]) entries!: LibraryArchiveEntryType[];
}
