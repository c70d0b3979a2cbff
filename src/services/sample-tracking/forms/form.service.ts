import { LockMode } from '@mikro-orm/core';
import type { ServiceContext } from '../../../context/service-context';
import { FormDefinition, FormDefinitionCurrent } from '../../../entities/form-definition.entity';
import { decodeId } from '../../shared';
import { FormXmlError, type ParsedForm, parseFormXml } from './form-xml';
import { type FormView, listForms, readForm } from './form-view';
import { trackingErrors } from '../sample-tracking-errors';

const malformedForm = trackingErrors.malformed('form definition');

/**
 * Forms (administrators only), defined in the platform's XML form description. A form keeps its
 * versions: each edit is a new FormDefinition under the same FormDefinitionCurrent, which points at
 * the newest.
 */
export class FormService {
  list(ctx: ServiceContext): Promise<FormView[]> {
    ctx.caller.requireAdmin('You are not authorized to view the list of forms.');
    return listForms(ctx);
  }

  /** As the platform: a malformed id first, then an unknown form and a non-administrator alike. */
  async show(ctx: ServiceContext, encodedId: string): Promise<FormView> {
    ctx.caller.requireIdentity();
    const form = await readForm(ctx, decodeId(ctx, encodedId, malformedForm));
    if (!form || !ctx.caller.isAdmin) throw trackingErrors.unknown('form definition', encodedId);
    return form;
  }

  /** A new form (its first version) from `xml_text`. */
  async create(ctx: ServiceContext, xmlText: string | null | undefined): Promise<FormView> {
    ctx.caller.requireAdmin('You are not authorized to create a new form.');
    const parsed = this.parse(xmlText);
    const id = await ctx.em.transactional(async (em) => {
      const current = em.create(FormDefinitionCurrent, {});
      const form = em.create(FormDefinition, { ...parsed, formDefinitionCurrent: current });
      await em.flush();
      current.latestForm = form;
      await em.flush();
      return form.id;
    });
    return this.read(ctx, id);
  }

  /** A new version of a form: the edited description becomes the form's newest version. */
  async edit(ctx: ServiceContext, encodedId: string, xmlText: string | null | undefined): Promise<FormView> {
    ctx.caller.requireAdmin('You are not authorized to edit forms.');
    const previous = await readForm(ctx, decodeId(ctx, encodedId, malformedForm));
    if (!previous) throw trackingErrors.unknown('form definition', encodedId);
    const parsed = this.parse(xmlText);
    const id = await ctx.em.transactional(async (em) => {
      const current = await em.findOneOrFail(FormDefinitionCurrent, { id: previous.formDefinitionCurrentId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      const form = em.create(FormDefinition, { ...parsed, formDefinitionCurrent: current });
      await em.flush();
      current.latestForm = form;
      await em.flush();
      return form.id;
    });
    return this.read(ctx, id);
  }

  private parse(xmlText: string | null | undefined): ParsedForm {
    if (xmlText === undefined || xmlText === null) throw trackingErrors.missingParameter('xml_text');
    try {
      return parseFormXml(xmlText);
    } catch (error) {
      if (error instanceof FormXmlError) throw trackingErrors.invalid(error.message);
      throw error;
    }
  }

  private async read(ctx: ServiceContext, id: number): Promise<FormView> {
    const form = await readForm(ctx, id);
    if (!form) throw trackingErrors.unknown('form definition', id);
    return form;
  }
}
