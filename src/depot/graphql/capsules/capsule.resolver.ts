import { Arg, Ctx, Field, InputType, Mutation, ObjectType, Query, Resolver } from 'type-graphql';
import { Access } from '../../../graphql/shared/access';
import { JSONObjectScalar } from '../../../graphql/shared/scalars';
import type { DepotRequestContext } from '../../context/depot-context';
import { capsuleDownload, type CapsuleExportResult } from '../../services/capsules/capsule-export.service';
import type { ImportAnswer } from '../../services/capsules/capsule-import.service';
import { ArchiveType } from '../repositories/repository.type';

@InputType('DepotCapsuleExportInput')
export class CapsuleExportInput {
  @Field(() => String, { nullable: true, description: "Required (the platform's tool_shed_url)." })
  depotUrl?: string;

  @Field(() => String, { nullable: true, description: 'Required.' })
  name?: string;

  @Field(() => String, { nullable: true, description: 'Required.' })
  owner?: string;

  @Field(() => String, { nullable: true, description: 'Required.' })
  changesetRevision?: string;

  @Field(() => Boolean, { nullable: true, description: 'Also the repositories it depends on (default false).' })
  exportRepositoryDependencies?: boolean;

  @Field(() => String, { nullable: true, description: "Where the capsule is written (default /tmp); one of the depot's capsule directories." })
  downloadDir?: string;
}

@ObjectType('DepotCapsuleExport')
export class CapsuleExportType {
  @Field(() => String, { nullable: true, description: 'Why nothing was exported (an unknown repository).' })
  error!: string | null;

  @Field(() => String, { nullable: true })
  downloadUrl!: string | null;

  @Field(() => String)
  errorMessages!: string;

  @Field(() => String, { nullable: true, description: "The capsule's path on the depot (what an import names)." })
  capsuleFileName!: string | null;
}

@Resolver()
export class CapsuleResolver {
  @Mutation(() => CapsuleExportType, { description: 'A capsule of a revision (and of its dependencies when asked), written on the depot.' })
  @Access('anonymous')
  exportRepositoryRevision(@Ctx() ctx: DepotRequestContext, @Arg('input', () => CapsuleExportInput) input: CapsuleExportInput): Promise<CapsuleExportResult> {
    return ctx.services.capsuleExports.export(ctx, input);
  }

  @Mutation(() => JSONObjectScalar, { description: 'The repositories of a capsule file of the depot: archive -> what became of it; {} for an empty, unreadable or invalid file.' })
  @Access('user')
  importCapsule(
    @Ctx() ctx: DepotRequestContext,
    @Arg('depotUrl', () => String, { nullable: true }) depotUrl?: string,
    @Arg('capsuleFileName', () => String, { nullable: true }) capsuleFileName?: string,
  ): Promise<ImportAnswer> {
    return ctx.services.capsuleImports.import(ctx, depotUrl, capsuleFileName);
  }

  @Query(() => ArchiveType, { description: 'A capsule this depot exported, by the token of its download URL.' })
  @Access('anonymous')
  capsule(@Ctx() ctx: DepotRequestContext, @Arg('token', () => String) token: string): Promise<{ path: string; fileName: string }> {
    return capsuleDownload(ctx, token);
  }
}
