import { graphql, type ResultOf } from '../graphql';

/** What a collection's page shows of one element: a dataset's state, format and size, or a child collection's shape. */
export const CollectionElementFields = graphql(`
  fragment CollectionElementFields on CollectionElement @_unmask {
    id
    elementIdentifier
    elementIndex
    elementType
    dataset {
      id
      hid
      name
      state
      extension
      fileSize
      deleted
      purged
      accessible
    }
    collection {
      id
      collectionType
      elementCount
      populated
    }
  }
`);

/**
 * A history's collection with its whole tree of elements, down to the four ranks a collection may
 * have (the graph reads every rank in one statement); the page shows one rank at a time.
 */
export const CollectionElementsQuery = graphql(
  `
    query CollectionElements($historyId: ID!, $id: ID!) {
      history(id: $historyId) {
        id
        name
      }
      historyCollection(historyId: $historyId, id: $id) {
        id
        hid
        name
        collectionType
        elementCount
        populated
        deleted
        historyId
        elements {
          ...CollectionElementFields
          collection {
            id
            elements {
              ...CollectionElementFields
              collection {
                id
                elements {
                  ...CollectionElementFields
                  collection {
                    id
                    elements {
                      ...CollectionElementFields
                    }
                  }
                }
              }
            }
          }
        }
      }
    }
  `,
  [CollectionElementFields],
);

export type CollectionElement = ResultOf<typeof CollectionElementFields>;
/** An element at any rank: its child collection may carry the next rank's elements. */
export type ElementNode = CollectionElement & { collection: (CollectionElement['collection'] & { elements?: readonly ElementNode[] }) | null };
