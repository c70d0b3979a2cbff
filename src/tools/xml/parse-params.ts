/** `<param>` elements: one reader per parameter type, sharing the common attributes. */
import { ToolParseError } from '../errors';
import type {
  DynamicOptionsSpec,
  SelectOption,
  ToolParam,
  ValidatorSpec,
} from '../model/inputs';
import { attr, attrOr, boolAttr, numberAttr } from './attributes';
import { childElements, firstChild, textContent, type XmlElement } from './xml-tree';

interface Common {
  name: string;
  label: string;
  help: string;
  optional: boolean;
  validators: ValidatorSpec[];
}

function parseValidators(element: XmlElement): ValidatorSpec[] {
  return childElements(element, 'validator').map((validator) => {
    const { type, message, ...attributes } = validator.attrs;
    return { type: type ?? '', message: message ?? null, attributes, text: textContent(validator).trim() };
  });
}

function readCommon(element: XmlElement, where: string): Common {
  const name = attr(element, 'name');
  if (!name) throw new ToolParseError(`${where}: a <param> has no name attribute`);
  const helpChild = firstChild(element, 'help');
  return {
    name,
    label: attrOr(element, 'label', ''),
    help: helpChild ? textContent(helpChild).trim() : attrOr(element, 'help', ''),
    optional: boolAttr(element, 'optional', false),
    validators: parseValidators(element),
  };
}

function parseOptions(element: XmlElement): SelectOption[] {
  return childElements(element, 'option').map((option) => {
    const label = textContent(option).trim();
    return { label, value: attr(option, 'value') ?? label, selected: boolAttr(option, 'selected', false) };
  });
}

function parseDynamicOptions(element: XmlElement, where: string): DynamicOptionsSpec | null {
  const options = firstChild(element, 'options');
  if (!options) return null;
  const columns = childElements(options, 'column').map((column) => {
    const name = attr(column, 'name');
    const index = attr(column, 'index')?.trim();
    if (!name) throw new ToolParseError(`${where}: an <options> <column> has no name attribute`);
    if (!index || !/^\d+$/.test(index)) throw new ToolParseError(`${where}: <options> column '${name}' has no usable index attribute`);
    return { name, index: Number(index) };
  });
  if (columns.length > 0 && !columns.some((column) => column.name === 'value')) {
    throw new ToolParseError(`${where}: the <options> columns need one named 'value'`);
  }
  const filters = childElements(options, 'filter').map((filter) => {
    const { type, ...attributes } = filter.attrs;
    if (!type?.trim()) throw new ToolParseError(`${where}: an <options> <filter> has no type attribute`);
    return { type: type.trim(), attributes };
  });
  return {
    fromDataTable: attr(options, 'from_data_table') ?? null,
    fromFile: attr(options, 'from_file') ?? null,
    fromParameter: attr(options, 'from_parameter') ?? null,
    fromDataset: attr(options, 'from_dataset') ?? null,
    columns,
    filters,
  };
}

/** A column given as `3` or `c3`. */
function columnAttr(element: XmlElement, where: string): number | null {
  const raw = attr(element, 'value')?.trim();
  if (!raw) return null;
  const match = /^c?(\d+)$/i.exec(raw);
  if (!match) throw new ToolParseError(`${where}: value="${raw}" is not a column number`);
  return Number(match[1]);
}

export function parseParam(element: XmlElement, where: string): ToolParam {
  const common = readCommon(element, where);
  const here = `${where} parameter '${common.name}'`;
  const type = attr(element, 'type');
  switch (type) {
    case 'data': {
      const formats = attrOr(element, 'format', 'data')
        .split(',')
        .map((format) => format.trim())
        .filter((format) => format !== '');
      return { ...common, type, formats: formats.length ? formats : ['data'], multiple: boolAttr(element, 'multiple', false) };
    }
    case 'data_collection': {
      const list = (name: string, fallback: string) =>
        attrOr(element, name, fallback)
          .split(',')
          .map((item) => item.trim())
          .filter((item) => item !== '');
      const formats = list('format', 'data');
      return { ...common, type, collectionTypes: list('collection_type', ''), formats: formats.length ? formats : ['data'] };
    }
    case 'text':
      return { ...common, type, value: attrOr(element, 'value', ''), area: boolAttr(element, 'area', false) };
    case 'integer':
    case 'float': {
      const integer = type === 'integer';
      return {
        ...common,
        type,
        value: numberAttr(element, 'value', integer, here),
        min: numberAttr(element, 'min', integer, here),
        max: numberAttr(element, 'max', integer, here),
      };
    }
    case 'boolean':
      return {
        ...common,
        type,
        checked: boolAttr(element, 'checked', false),
        truevalue: attrOr(element, 'truevalue', 'true'),
        falsevalue: attrOr(element, 'falsevalue', 'false'),
      };
    case 'select': {
      const options = parseOptions(element);
      const declared = attr(element, 'value');
      if (declared !== undefined) for (const option of options) option.selected = option.value === declared;
      return {
        ...common,
        type,
        options,
        dynamicOptions: parseDynamicOptions(element, here),
        multiple: boolAttr(element, 'multiple', false),
        display: attr(element, 'display') ?? null,
      };
    }
    case 'hidden':
      return { ...common, type, value: attrOr(element, 'value', '') };
    case 'file':
      return { ...common, type };
    case 'data_column':
      return {
        ...common,
        type,
        dataRef: attr(element, 'data_ref') ?? null,
        value: columnAttr(element, here),
        multiple: boolAttr(element, 'multiple', false),
        numerical: boolAttr(element, 'numerical', false),
      };
    default:
      throw new ToolParseError(`${here}: unsupported parameter type '${type ?? ''}'`);
  }
}
