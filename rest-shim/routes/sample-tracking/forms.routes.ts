import { route, type RouteSpec } from '../../core/route';
import { withUrl } from '../../core/shape';

/** The platform's form element view (FormDefinition `to_dict(view='element')`). */
const ELEMENT = /* GraphQL */ `
  model_class: __typename
  id
  name
  desc
  form_definition_current_id: formDefinitionCurrentId
  fields { name label required helptext default visible layout type selectlist }
  layout
`;

interface FormElement {
  id: string;
  fields: Array<Record<string, unknown> & { selectlist?: string[] | null }>;
}

const formUrl = (id: string) => `/api/forms/${id}`;

/** Only select and checkbox fields carry their options, as the platform stores them. */
const element = (form: FormElement) =>
  withUrl({ ...form, fields: form.fields.map(({ selectlist, ...field }) => (selectlist ? { ...field, selectlist } : field)) }, formUrl);

export const formRoutes: RouteSpec<unknown>[] = [
  route<{ forms: Array<{ id: string }> }>({
    method: 'get',
    path: '/api/forms',
    access: 'admin',
    errorStyle: 'text',
    operation: 'query { forms { model_class: __typename id name } }',
    shape: (data) => data.forms.map((form) => withUrl(form, formUrl)),
  }),
  route<{ form: FormElement }>({
    method: 'get',
    path: '/api/forms/:form_id',
    access: 'admin',
    errorStyle: 'text',
    operation: `query ($id: ID!) { form(id: $id) { ${ELEMENT} } }`,
    variables: (input) => ({ id: input.path.form_id }),
    shape: (data) => element(data.form),
  }),
  route<{ createForm: FormElement }>({
    method: 'post',
    path: '/api/forms',
    access: 'admin',
    errorStyle: 'text',
    operation: `mutation ($xmlText: String) { createForm(xmlText: $xmlText) { ${ELEMENT} } }`,
    // Any value is parsed as the platform's XML() reads it: a list or a number is invalid XML, not a missing one.
    variables: (input) => ({ xmlText: input.pythonText('xml_text') ?? null }),
    shape: (data) => [element(data.createForm)],
  }),
];
