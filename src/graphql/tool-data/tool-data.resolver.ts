import { Arg, Ctx, FieldResolver, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { RequestContext } from '../../context/request-context';
import type { TableFieldView } from '../../tool-data/table-field';
import type { ToolDataTable } from '../../tool-data/tool-data-table';
import { Access } from '../shared/access';
import { Audited, targetById } from '../shared/audited';
import { JSONScalar } from '../shared/scalars';
import { ToolDataFieldType, ToolDataTableType } from './tool-data.type';

/** Tool data tables, for administrators. */
@Resolver(() => ToolDataTableType)
export class ToolDataTableResolver {
  @Query(() => [ToolDataTableType], { description: 'Every configured table, in configuration order.' })
  @Access('admin')
  toolDataTables(@Ctx() ctx: RequestContext): ToolDataTable[] {
    return ctx.services.toolData.list(ctx);
  }

  @Query(() => ToolDataTableType, { description: 'A table by name; ObjectNotFound when none has it.' })
  @Access('admin')
  toolDataTable(@Ctx() ctx: RequestContext, @Arg('name', () => String) name: string): ToolDataTable {
    return ctx.services.toolData.show(ctx, name);
  }

  @Query(() => ToolDataFieldType, { description: 'The entry of a table whose value is `value`; ObjectNotFound when missing.' })
  @Access('admin')
  toolDataField(@Ctx() ctx: RequestContext, @Arg('table', () => String) table: string, @Arg('value', () => String) value: string): Promise<TableFieldView> {
    return ctx.services.toolData.field(ctx, table, value);
  }

  @Query(() => String, { description: "The server path of one of an entry's files, named as in its `files` (the REST shim streams it); any other name is ObjectNotFound." })
  @Access('admin')
  toolDataFieldFile(
    @Ctx() ctx: RequestContext,
    @Arg('table', () => String) table: string,
    @Arg('value', () => String) value: string,
    @Arg('path', () => String) path: string,
  ): Promise<string> {
    return ctx.services.toolData.fieldFile(ctx, table, value, path);
  }

  @Mutation(() => ToolDataTableType, { description: 'Re-reads the table from its files, here and in every other server process.' })
  @Access('admin')
  @Audited('tool_data.reload', targetById('tool_data_table', 'name'))
  reloadToolDataTable(@Ctx() ctx: RequestContext, @Arg('name', () => String) name: string): Promise<ToolDataTable> {
    return ctx.services.toolData.reload(ctx, name);
  }

  @Mutation(() => ToolDataTableType, {
    description: 'Removes the entry whose columns are `values` (tab-separated, one per column) from the files of the table; every process re-reads it.',
  })
  @Access('admin')
  @Audited('tool_data.delete_entry', targetById('tool_data_table', 'table'))
  deleteToolDataEntry(
    @Ctx() ctx: RequestContext,
    @Arg('name', () => String) name: string,
    @Arg('values', () => String, { nullable: true }) values?: string | null,
  ): Promise<ToolDataTable> {
    return ctx.services.toolData.deleteEntry(ctx, name, values ?? null);
  }

  @FieldResolver(() => String, { description: "The platform's class name (`model_class`)." })
  modelClass(): string {
    return 'TabularToolDataTable';
  }

  @FieldResolver(() => [String], { description: 'Column names ordered by index (`name` shares the index of `value` when the table has no name column).' })
  columns(@Root() table: ToolDataTable): readonly string[] {
    return table.columns;
  }

  @FieldResolver(() => JSONScalar, { description: 'The entries: a list with, for each line of its `.loc` files, the list of its fields (strings).' })
  fields(@Root() table: ToolDataTable): ReadonlyArray<readonly string[]> {
    return table.rows;
  }

  @FieldResolver(() => ToolDataFieldType, { description: 'The entry whose value is `value`; ObjectNotFound when missing.' })
  field(@Root() table: ToolDataTable, @Ctx() ctx: RequestContext, @Arg('value', () => String) value: string): Promise<TableFieldView> {
    return ctx.services.toolData.field(ctx, table.name, value);
  }
}

@Resolver(() => ToolDataFieldType)
export class ToolDataFieldResolver {
  @FieldResolver(() => String, { description: "The platform's class name (`model_class`)." })
  modelClass(): string {
    return 'TabularToolDataField';
  }
}
