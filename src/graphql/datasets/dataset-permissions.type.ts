import { Field, InputType, ObjectType } from 'type-graphql';
import type { Role } from '../../entities/role.entity';
import { RoleType } from '../roles/role.type';

@ObjectType('DatasetPermissions', { description: 'Who may access a dataset (every access role needed; none: public) and who may manage its permissions.' })
export class DatasetPermissionsType {
  @Field(() => [RoleType])
  access!: Role[];

  @Field(() => [RoleType])
  manage!: Role[];
}

@InputType('DatasetPermissionRolesInput', { description: 'Encoded role ids (or role names). Null: not given.' })
export class DatasetPermissionRolesInput {
  @Field(() => [String], { nullable: true, description: 'Not given: no access role (public).' }) access?: string[] | null;
  @Field(() => [String], { nullable: true }) manage?: string[] | null;
  @Field(() => [String], { nullable: true, description: 'Checked, then ignored: modify applies to library items.' }) modify?: string[] | null;
}
