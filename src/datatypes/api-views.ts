import type { DatatypesDefinition } from './definition';

/** One item of `GET /api/datatypes?extension_only=false`. */
export interface DatatypeElementView {
  extension: string;
  description: string | null;
  description_url: string | null;
}

/** `GET /api/datatypes/mapping`. */
export interface DatatypesMappingView {
  class_to_classes: Record<string, Record<string, true>>;
  ext_to_class_name: Record<string, string>;
}

/** Extension list: the sorted upload formats, or every registered extension in load order. */
export function extensionsView(definition: DatatypesDefinition, uploadOnly: boolean): string[] {
  return uploadOnly ? [...definition.uploadFileFormats] : definition.datatypes.map((d) => d.extension);
}

/** Element list in config order; with uploadOnly, entries not displayed in the upload form are left out. */
export function elementsView(definition: DatatypesDefinition, uploadOnly: boolean): DatatypeElementView[] {
  return definition.datatypes
    .filter((d) => !uploadOnly || d.displayInUpload)
    .map((d) => ({ extension: d.extension, description: d.description, description_url: d.descriptionUrl }));
}

/**
 * Extension -> class name and class -> ancestry. Keys are sorted, at every level, so the JSON is
 * stable (the platform returns Python dicts, whose order carries no meaning).
 */
export function mappingView(definition: DatatypesDefinition): DatatypesMappingView {
  const extToClass: Record<string, string> = {};
  for (const d of [...definition.datatypes].sort((a, b) => compare(a.extension, b.extension))) {
    extToClass[d.extension] = d.className;
  }
  const used = new Set(Object.values(extToClass));
  const classToClasses: Record<string, Record<string, true>> = {};
  for (const name of [...used].sort(compare)) {
    const ancestors: Record<string, true> = {};
    for (const ancestor of definition.classes[name] ?? [name]) ancestors[ancestor] = true;
    classToClasses[name] = ancestors;
  }
  return { class_to_classes: classToClasses, ext_to_class_name: extToClass };
}

/** Plain code-unit order, like Python's sorted() on str. */
function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
