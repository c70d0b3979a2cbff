import { Arg, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { RequestContext } from '../../context/request-context';
import type { FormView } from '../../services/sample-tracking';
import { formVersionsByCurrentId } from '../../services/sample-tracking';
import { Access } from '../shared/access';
import { encoded } from '../shared/encoded-id';
import { FormDefinitionType } from './form.type';

@Resolver(() => FormDefinitionType)
export class FormDefinitionResolver {
  @Query(() => [FormDefinitionType], { description: 'Every version of every form (administrators).' })
  @Access('admin')
  forms(@Ctx() ctx: RequestContext): Promise<FormView[]> {
    return ctx.services.forms.list(ctx);
  }

  @Query(() => FormDefinitionType)
  @Access('admin')
  form(@Ctx() ctx: RequestContext, @Arg('id', () => ID) id: string): Promise<FormView> {
    return ctx.services.forms.show(ctx, id);
  }

  @Mutation(() => FormDefinitionType, { description: 'A form from the XML form description (administrators).' })
  @Access('admin')
  createForm(@Ctx() ctx: RequestContext, @Arg('xmlText', () => String, { nullable: true }) xmlText?: string): Promise<FormView> {
    return ctx.services.forms.create(ctx, xmlText);
  }

  @Mutation(() => FormDefinitionType, { description: "A new version of a form; it becomes the form's newest (administrators)." })
  @Access('admin')
  editForm(@Ctx() ctx: RequestContext, @Arg('id', () => ID) id: string, @Arg('xmlText', () => String, { nullable: true }) xmlText?: string): Promise<FormView> {
    return ctx.services.forms.edit(ctx, id, xmlText);
  }

  @FieldResolver(() => ID)
  id(@Root() form: FormView, @Ctx() ctx: RequestContext): string {
    return encoded(ctx, form.id);
  }

  @FieldResolver(() => ID, { description: 'The record the versions of this form share.' })
  formDefinitionCurrentId(@Root() form: FormView, @Ctx() ctx: RequestContext): string {
    return encoded(ctx, form.formDefinitionCurrentId);
  }

  @FieldResolver(() => ID, { nullable: true, description: 'The newest version of this form.' })
  latestFormId(@Root() form: FormView, @Ctx() ctx: RequestContext): string | null {
    return form.latestFormId === null ? null : encoded(ctx, form.latestFormId);
  }

  @FieldResolver(() => [FormDefinitionType], { description: 'Every version of this form, oldest first.' })
  versions(@Root() form: FormView, @Ctx() ctx: RequestContext): Promise<FormView[]> {
    return ctx.loaders.get(formVersionsByCurrentId).load(form.formDefinitionCurrentId);
  }
}
