/**
 * The platform's XML form description (lib/galaxy/forms/forms.py), read with a real XML parser:
 *
 *   <form name="…" description="…" type="request|sample|external_service|run_details_template|…">
 *     <layout><grid name="…"/></layout>
 *     <fields>
 *       <field type="text|password|address|select|workflow|workflowmapping|history" name="…" label="…"
 *              required="true" value="default" helptext="…" visible="true" layout="grid name"
 *              area="true" (text: TextArea) checkboxes="true" (select: CheckboxField)>
 *         <option value="…"/> (select)
 *       </field>
 *     </fields>
 *   </form>
 *
 * The root element's name is free. Every problem is a FormXmlError whose message names it.
 */
import type { FormField } from '../../../entities/form-definition.entity';
import { stringAsBool } from '../../../format/booleans';
import { ToolParseError } from '../../../tools/errors';
import { childElements, firstChild, parseXmlDocument, type XmlElement } from '../../../tools/xml/xml-tree';

export class FormXmlError extends Error {}

/** Form kinds by the `type` attribute (the platform's `FormDefinition.types`, keys lowercased). */
export const FORM_TYPES: Readonly<Record<string, string>> = {
  request: 'Sequencing Request Form',
  sample: 'Sequencing Sample Form',
  external_service: 'External Service Information Form',
  run_details_template: 'Sample run details template',
  library_info_template: 'Library information template',
  user_info: 'User Information',
};

export interface ParsedForm {
  name: string;
  desc: string;
  type: string;
  layout: string[];
  fields: FormField[];
}

/** Python's repr of a list of strings, as the platform's messages print them. */
const pyList = (items: readonly string[]) => `[${items.map((item) => `'${item}'`).join(', ')}]`;

function check(condition: unknown, message: string): asserts condition {
  if (!condition) throw new FormXmlError(message);
}

/** Parses XML text into its root element; malformed XML names the line and column. */
export function parseXmlText(xmlText: string): XmlElement {
  try {
    return parseXmlDocument(xmlText);
  } catch (error) {
    if (error instanceof ToolParseError) throw new FormXmlError(`Invalid XML: ${error.message}`);
    throw error;
  }
}

/** Field kinds by their XML `type`: the stored widget type, and what else they read. */
const FIELD_KINDS: Readonly<Record<string, (elem: XmlElement) => Partial<FormField>>> = {
  text: (elem) => ({ type: stringAsBool(elem.attrs.area ?? 'false') ? 'TextArea' : 'TextField' }),
  password: () => ({ type: 'PasswordField' }),
  address: () => ({ type: 'AddressField' }),
  workflow: () => ({ type: 'WorkflowField' }),
  workflowmapping: () => ({ type: 'WorkflowMappingField' }),
  history: () => ({ type: 'HistoryField' }),
  select: (elem) => ({
    type: stringAsBool(elem.attrs.checkboxes ?? 'false') ? 'CheckboxField' : 'SelectField',
    selectlist: childElements(elem, 'option').map((option) => {
      check(option.attrs.value !== undefined, 'Must provide a "value" for a select option');
      return option.attrs.value;
    }),
  }),
};

function readField(elem: XmlElement, layout: readonly string[]): FormField {
  const kind = elem.attrs.type;
  check(kind !== undefined && Object.prototype.hasOwnProperty.call(FIELD_KINDS, kind), `Invalid form field type ( ${kind ?? 'None'} ).`);
  const name = elem.attrs.name;
  check(name, 'Must provide a name');
  let fieldLayout: string | null = null;
  const wanted = elem.attrs.layout;
  if (wanted) {
    check(layout.includes(wanted), `Invalid layout specified: ${wanted} not in ${pyList(layout)}`);
    fieldLayout = String(layout.indexOf(wanted));
  }
  const base: FormField = {
    name,
    label: elem.attrs.label || name,
    required: stringAsBool(elem.attrs.required ?? 'false') ? 'required' : 'optional',
    helptext: elem.attrs.helptext ?? '',
    default: elem.attrs.value ?? '',
    visible: stringAsBool(elem.attrs.visible ?? 'true'),
    layout: fieldLayout,
    type: '',
  };
  return { ...base, ...FIELD_KINDS[kind](elem) };
}

/** Reads a form description; the platform's rules and messages. */
export function parseFormXml(xmlText: string): ParsedForm {
  const root = parseXmlText(xmlText);
  const layout: string[] = [];
  for (const grid of childElements(firstChild(root, 'layout') ?? { tag: 'layout', attrs: {}, children: [] }, 'grid')) {
    const name = grid.attrs.name;
    check(name && !layout.includes(name), 'Layout grid element requires a unique name.');
    layout.push(name);
  }
  const fieldsElem = firstChild(root, 'fields');
  const fields = fieldsElem ? childElements(fieldsElem, 'field').map((field) => readField(field, layout)) : [];
  const type = root.attrs.type;
  check(type !== undefined && Object.prototype.hasOwnProperty.call(FORM_TYPES, type), `Invalid FormDefinition type ( ${type ?? 'None'} not in ${pyList(Object.keys(FORM_TYPES))} )`);
  check(root.attrs.name, 'FormDefinition requires a name');
  return { name: root.attrs.name, desc: root.attrs.description ?? '', type: FORM_TYPES[type], layout, fields };
}
