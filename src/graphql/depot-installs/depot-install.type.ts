import { Field, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { JSONObjectScalar } from '../shared/scalars';

/** Which spelling a caller uses: the contract's (`depot_url`…) or the installers' (`tool_shed_url`…). Messages name parameters so. */
export enum DepotParameterStyle {
  DEPOT = 'depot',
  TOOL_SHED = 'tool_shed',
}

registerEnumType(DepotParameterStyle, { name: 'DepotParameterStyle' });

@ObjectType('InstalledDepotRepository', { description: "A repository revision installed from a depot (the platform's ToolShedRepository)." })
export class InstalledDepotRepositoryType {
  @Field(() => String, { description: "The depot's host[:port], as its clone URLs name it." })
  toolShed!: string;

  @Field(() => String, { description: 'The allowed depot address the revision was fetched from.' })
  depotUrl!: string;

  @Field(() => String)
  name!: string;

  @Field(() => String, { nullable: true })
  description!: string | null;

  @Field(() => String)
  owner!: string;

  @Field(() => String)
  installedChangesetRevision!: string;

  @Field(() => String)
  changesetRevision!: string;

  @Field(() => String, { nullable: true })
  ctxRev!: string | null;

  @Field(() => Boolean)
  includesDatatypes!: boolean;

  @Field(() => JSONObjectScalar, { nullable: true, description: 'latest_installable_revision, revision_update, revision_upgrade, repository_deprecated (Python booleans as text).' })
  toolShedStatus!: Record<string, string> | null;

  @Field(() => Boolean)
  deleted!: boolean;

  @Field(() => Boolean)
  uninstalled!: boolean;

  @Field(() => Boolean)
  distToShed!: boolean;

  @Field(() => String, { description: 'New, Cloning, Loading proprietary datatypes, Setting tool versions, Installed, Error…' })
  status!: string;

  @Field(() => String, { nullable: true })
  errorMessage!: string | null;

  @Field(() => String, { nullable: true, description: 'The tool panel section of its tools (null: outside any section).' })
  panelSectionId!: string | null;

  @Field(() => String, { nullable: true })
  panelSectionName!: string | null;

  @Field(() => Date)
  createTime!: Date;

  @Field(() => Date)
  updateTime!: Date;
}

@ObjectType('InstalledDepotTool', { description: 'A tool of an installed repository; its id on the platform is the depot guid.' })
export class InstalledDepotToolType {
  @Field(() => String, { description: '<depot host:port>/repos/<owner>/<name>/<tool id>/<version>' })
  guid!: string;

  @Field(() => String, { description: 'The id the tool XML gives it.' })
  toolId!: string;

  @Field(() => String)
  version!: string;

  @Field(() => String)
  name!: string;

  @Field(() => String, { description: 'The guid without its version: every installed version of the tool shares it.' })
  lineage!: string;

  @Field(() => Boolean, { description: 'Its command reads its own directory, so only this server runs it (remote runners never claim it).' })
  localOnly!: boolean;
}

@ObjectType('ExportedDepotWorkflow', { description: 'A .ga workflow of an installed repository.' })
export class ExportedDepotWorkflowType {
  @Field(() => Int, { description: 'Its position in the repository’s list (what import uses).' })
  index!: number;

  @Field(() => String)
  annotation!: string;

  @Field(() => String)
  formatVersion!: string;

  @Field(() => String)
  workflowName!: string;
}

@ObjectType('DepotInstallOutcome', { description: 'The repositories an install installed, or the platform’s error answer (status "error").' })
export class DepotInstallOutcomeType {
  @Field(() => [InstalledDepotRepositoryType])
  repositories!: InstalledDepotRepositoryType[];

  @Field(() => String, { nullable: true })
  status!: string | null;

  @Field(() => String, { nullable: true })
  error!: string | null;
}

@ObjectType('LatestInstallableDepotRevision', { description: 'The changeset, or the platform’s error answer when the depot failed.' })
export class LatestInstallableRevisionType {
  @Field(() => String, { nullable: true })
  changesetRevision!: string | null;

  @Field(() => String, { nullable: true })
  status!: string | null;

  @Field(() => String, { nullable: true })
  error!: string | null;
}

@InputType('InstallDepotOptionsInput')
class InstallOptions {
  @Field(() => DepotParameterStyle, { nullable: true, description: 'Default DEPOT.' })
  style?: DepotParameterStyle;

  @Field(() => String, { nullable: true, description: 'A new tool panel section for the tools (not with toolPanelSectionId).' })
  newToolPanelSectionLabel?: string | null;

  @Field(() => String, { nullable: true, description: 'An existing tool panel section (not with newToolPanelSectionLabel); neither: outside any section.' })
  toolPanelSectionId?: string | null;

  @Field(() => Boolean, { nullable: true })
  installRepositoryDependencies?: boolean | null;

  @Field(() => Boolean, { nullable: true, description: 'Refused: this platform installs no tool dependencies.' })
  installToolDependencies?: boolean | null;

  @Field(() => String, { nullable: true, description: 'The depot tool configuration (depot_tool_conf.xml, the only one).' })
  depotToolConf?: string | null;
}

@InputType('InstallDepotRevisionInput')
export class InstallDepotRevisionInput extends InstallOptions {
  @Field(() => String, { nullable: true })
  depotUrl?: string | null;

  @Field(() => String, { nullable: true })
  name?: string | null;

  @Field(() => String, { nullable: true })
  owner?: string | null;

  @Field(() => String, { nullable: true })
  changesetRevision?: string | null;
}

@InputType('InstallDepotRevisionsInput', { description: 'Ordered lists: the values at one position name one revision.' })
export class InstallDepotRevisionsInput extends InstallOptions {
  @Field(() => [String])
  depotUrls!: string[];

  @Field(() => [String])
  names!: string[];

  @Field(() => [String])
  owners!: string[];

  @Field(() => [String])
  changesetRevisions!: string[];
}
