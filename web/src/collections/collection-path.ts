import type { ElementNode } from './collection-documents';

/** The elements from the top rank down to the one with `elementId`; empty when no rank holds it. */
export function pathTo(elements: readonly ElementNode[], elementId: string): ElementNode[] {
  for (const element of elements) {
    if (element.id === elementId) return [element];
    const below = element.collection?.elements;
    if (below) {
      const path = pathTo(below, elementId);
      if (path.length > 0) return [element, ...path];
    }
  }
  return [];
}

/** The address of a collection's page, or of the nested collection an element of it holds. */
export const collectionUrl = (historyId: string, collectionId: string, elementId?: string) =>
  `/histories/${encodeURIComponent(historyId)}/collections/${encodeURIComponent(collectionId)}${elementId ? `/elements/${encodeURIComponent(elementId)}` : ''}`;
