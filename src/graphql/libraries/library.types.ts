import { ArgsType, Field, Float, ID, InputType, Int, ObjectType } from 'type-graphql';
import type { Library } from '../../entities/library.entity';
import type { LibraryFolder } from '../../entities/library-folder.entity';
import type { Role } from '../../entities/role.entity';
import { RoleType } from '../roles/role.type';
import type { FileUpload } from 'graphql-upload-minimal';
import type { UtcIsoText } from '../../format/timestamps';
import { JSONObjectScalar, JSONScalar, UploadScalar } from '../shared/scalars';

@ObjectType('Library')
export class LibraryType {
  @Field(() => String) name!: string;
  @Field(() => String) description!: string;
  @Field(() => String) synopsis!: string;
  @Field(() => Boolean) deleted!: boolean;
  @Field(() => Date) createTime!: Date;
}

@ObjectType('LibraryFolder')
export class LibraryFolderType {
  @Field(() => String) name!: string;
  @Field(() => String) description!: string;
  @Field(() => Boolean) deleted!: boolean;
  @Field(() => Date) updateTime!: Date;
  @Field(() => Date) createTime!: Date;
}

/** One first-level item of a folder, with what the caller may do with it. Plain fields read as properties (`simpleResolvers`): listings stream 100,000. */
@ObjectType('FolderContentItem', { simpleResolvers: true })
export class FolderContentItemType {
  @Field(() => ID) id!: string;
  @Field(() => String, { description: "'folder' or 'file'." }) type!: string;
  @Field(() => String) name!: string;
  @Field(() => Date) createTime!: UtcIsoText;
  @Field(() => Date) updateTime!: UtcIsoText;
  @Field(() => Boolean) deleted!: boolean;
  @Field(() => Boolean, { nullable: true }) canModify!: boolean | null;
  @Field(() => Boolean) canManage!: boolean;
  @Field(() => String, { nullable: true }) fileExt!: string | null;
  @Field(() => Date, { nullable: true }) dateUploaded!: UtcIsoText | null;
  @Field(() => Float, { nullable: true }) fileSize!: number | null;
  @Field(() => String, { nullable: true, description: "The current version's dataset state (files only; read with the listing, no further statement)." }) state!: string | null;
  @Field(() => Boolean, { nullable: true }) isUnrestricted!: boolean | null;
  @Field(() => Boolean, { nullable: true }) isPrivate!: boolean | null;
}

@ObjectType('PathEntry', { simpleResolvers: true })
export class PathEntryType {
  @Field(() => ID) id!: string;
  @Field(() => String) name!: string;
}

@ObjectType('FolderContents')
export class FolderContentsType {
  @Field(() => [PathEntryType], { description: 'From the library root down to this folder.' }) fullPath!: PathEntryType[];
  @Field(() => Boolean) canAddLibraryItem!: boolean;
  @Field(() => Boolean) canModifyFolder!: boolean;
  @Field(() => ID, { nullable: true }) parentLibraryId!: string | null;
  @Field(() => [FolderContentItemType]) items!: FolderContentItemType[];
}

/** An entry of the recursive library listing: a path from the root '/'. */
@ObjectType('LibraryContentEntry', { simpleResolvers: true })
export class LibraryContentEntryType {
  @Field(() => ID) id!: string;
  @Field(() => String) type!: string;
  @Field(() => String) name!: string;
}

@ObjectType('LibraryDatasetVersion')
export class LibraryDatasetVersionType {
  @Field(() => ID) id!: string;
  @Field(() => String) name!: string;
  @Field(() => String) fileExt!: string;
  @Field(() => Float) fileSize!: number;
  @Field(() => String) state!: string;
  @Field(() => String) genomeBuild!: string;
  @Field(() => String, { nullable: true }) miscInfo!: string | null;
  @Field(() => String, { nullable: true }) miscBlurb!: string | null;
  @Field(() => String, { nullable: true }) peek!: string | null;
  @Field(() => String) uuid!: string;
  @Field(() => String) dataType!: string;
  @Field(() => Date) createTime!: Date;
  @Field(() => Date) updateTime!: Date;
  @Field(() => ID) libraryDatasetId!: string;
  @Field(() => ID) folderId!: string;
  @Field(() => ID) parentLibraryId!: string;
  @Field(() => String, { nullable: true }) message!: string | null;
  @Field(() => String, { nullable: true }) uploadedBy!: string | null;
  @Field(() => String, { nullable: true, description: 'Server path (administrators only).' }) fileName!: string | null;
  @Field(() => JSONObjectScalar) metadata!: Record<string, unknown>;
  /** For the relations (not in the schema): the library dataset and the dataset behind this version. */
  libraryDatasetKey!: number;
  datasetKey!: number;
}

@ObjectType('LibraryDatasetDetail')
export class LibraryDatasetDetailType {
  @Field(() => ID) id!: string;
  @Field(() => String) name!: string;
  @Field(() => Boolean) deleted!: boolean;
  @Field(() => LibraryDatasetVersionType) current!: LibraryDatasetVersionType;
  @Field(() => [PathEntryType], { description: 'Expired versions: id and name.' }) expiredVersions!: PathEntryType[];
  @Field(() => [PathEntryType], { description: 'From the library root down to the dataset.' }) fullPath!: PathEntryType[];
  @Field(() => Boolean) canUserModify!: boolean;
  @Field(() => Boolean) canUserManage!: boolean;
  @Field(() => Boolean) isUnrestricted!: boolean;
}

/** How a permission query pages the roles one may choose (scope available); the defaults are the contract's. */
@ArgsType()
export class RolePageArgs {
  @Field(() => String, { nullable: true, description: "'current' (default) or 'available'." }) scope?: string | null;
  @Field(() => Int, { nullable: true, defaultValue: 1 }) page!: number;
  @Field(() => Int, { nullable: true, defaultValue: 10 }) pageLimit!: number;
  @Field(() => String, { nullable: true, description: 'Filter on role names.' }) q?: string | null;
}

@ObjectType('RolePage')
export class RolePageType {
  @Field(() => [RoleType]) roles!: Role[];
  @Field(() => Int) page!: number;
  @Field(() => Int) pageLimit!: number;
  @Field(() => Int) total!: number;
}

@ObjectType('FolderRoles')
export class FolderRolesType {
  @Field(() => [RoleType]) add!: Role[];
  @Field(() => [RoleType]) manage!: Role[];
  @Field(() => [RoleType]) modify!: Role[];
}

@ObjectType('FolderPermissions')
export class FolderPermissionsType {
  @Field(() => FolderRolesType, { nullable: true }) current!: FolderRolesType | null;
  @Field(() => RolePageType, { nullable: true }) available!: RolePageType | null;
}

@ObjectType('LibraryDatasetRoles')
export class LibraryDatasetRolesType {
  @Field(() => [String]) access!: string[];
  @Field(() => [String]) modify!: string[];
  @Field(() => [String]) manage!: string[];
}

@ObjectType('LibraryDatasetPermissions')
export class LibraryDatasetPermissionsType {
  @Field(() => LibraryDatasetRolesType, { nullable: true }) current!: LibraryDatasetRolesType | null;
  @Field(() => RolePageType, { nullable: true }) available!: RolePageType | null;
}

@ObjectType('LibraryRoles')
export class LibraryRolesType {
  @Field(() => [RoleType]) access!: Role[];
  @Field(() => [RoleType]) add!: Role[];
  @Field(() => [RoleType]) manage!: Role[];
  @Field(() => [RoleType]) modify!: Role[];
}

@ObjectType('LibraryPermissions')
export class LibraryPermissionsType {
  @Field(() => LibraryRolesType, { nullable: true }) current!: LibraryRolesType | null;
  @Field(() => RolePageType, { nullable: true }) available!: RolePageType | null;
  @Field(() => LibraryType, { nullable: true, description: 'The library, after a change of its roles.' }) library?: Library | null;
}

@ObjectType('LibraryCollectionElement')
export class LibraryCollectionElementType {
  @Field(() => ID) id!: string;
  @Field(() => Int) elementIndex!: number;
  @Field(() => String) elementIdentifier!: string;
  @Field(() => LibraryDatasetVersionType, { nullable: true, description: 'The library dataset version of the element.' }) object!: LibraryDatasetVersionType | null;
}

/** A dataset collection placed in a library folder (the platform's collection instance). */
@ObjectType('LibraryCollection')
export class LibraryCollectionType {
  @Field(() => ID) id!: string;
  @Field(() => String) name!: string;
  @Field(() => String, { description: "'list' or 'paired'." }) collectionType!: string;
  @Field(() => Boolean) populated!: boolean;
  @Field(() => Boolean) deleted!: boolean;
  @Field(() => ID) folderId!: string;
  @Field(() => [LibraryCollectionElementType]) elements!: LibraryCollectionElementType[];
}

@ObjectType('CreatedLibraryItem')
export class CreatedLibraryItemType {
  @Field(() => ID) id!: string;
  @Field(() => String, { description: "'folder', 'file' or 'collection'." }) type!: string;
  @Field(() => String) name!: string;
  @Field(() => LibraryCollectionType, { nullable: true, description: 'The created collection (type collection).' }) collection?: LibraryCollectionType | null;
}

/** `GET /api/libraries/{library_id}/contents/{id}`: a folder or a library dataset of the library. */
@ObjectType('LibraryContentItem')
export class LibraryContentItemType {
  @Field(() => LibraryFolderType, { nullable: true }) folder!: LibraryFolder | null;
  @Field(() => LibraryDatasetDetailType, { nullable: true }) dataset!: LibraryDatasetDetailType | null;
}

@ObjectType('ImplicitConversion')
export class ImplicitConversionType {
  @Field(() => ID) id!: string;
  @Field(() => ID) parentId!: string;
  @Field(() => ID) convertedId!: string;
  @Field(() => String) type!: string;
}

@InputType('LibraryInput')
export class LibraryInput {
  @Field(() => String, { nullable: true }) name?: string;
  @Field(() => String, { nullable: true }) description?: string;
  @Field(() => String, { nullable: true }) synopsis?: string;
}

@InputType('PermissionRolesInput', { description: 'Role names (or, for libraries, encoded role ids).' })
export class PermissionRolesInput {
  @Field(() => [String], { nullable: true, description: 'Null: not given (library datasets: public).' }) access?: string[] | null;
  @Field(() => [String], { nullable: true }) add?: string[];
  @Field(() => [String], { nullable: true }) manage?: string[];
  @Field(() => [String], { nullable: true }) modify?: string[];
}

@InputType('LibraryContentInput')
export class LibraryContentInput {
  @Field(() => String, { nullable: true }) createType?: string;
  @Field(() => String, { nullable: true }) folderId?: string;
  @Field(() => String, { nullable: true }) name?: string;
  @Field(() => String, { nullable: true }) description?: string;
  @Field(() => ID, { nullable: true }) fromHdaId?: string;
  @Field(() => String, { nullable: true }) lddaMessage?: string;
  @Field(() => JSONScalar, { nullable: true }) extendedMetadata?: unknown;
  @Field(() => String, { nullable: true }) collectionType?: string;
  @Field(() => JSONScalar, { nullable: true }) elementIdentifiers?: unknown;
  @Field(() => String, { nullable: true, description: 'upload_file (default), upload_directory or upload_paths.' }) uploadOption?: string;
  @Field(() => String, { nullable: true }) serverDir?: string;
  @Field(() => String, { nullable: true, description: 'One server path per line (administrators).' }) filesystemPaths?: string;
  @Field(() => String, { nullable: true, description: 'copy_files (default) or link_to_files.' }) linkDataOnly?: string;
  @Field(() => String, { nullable: true }) fileType?: string;
  @Field(() => String, { nullable: true }) dbkey?: string;
  @Field(() => String, { nullable: true, description: 'Pasted content to upload as a file.' }) pasted?: string;
  @Field(() => [UploadScalar], { nullable: true }) files?: Array<Promise<FileUpload>>;
}
