import { graphql, type ResultOf } from '../graphql';

export const ToolPanelQuery = graphql(`
  query ToolPanel {
    toolPanelSections {
      id
      name
      tools {
        id
        name
        version
        description
      }
    }
  }
`);

export const ToolSearchQuery = graphql(`
  query ToolSearch($q: String!) {
    toolSearch(q: $q)
  }
`);

/** The fields of every kind of input that holds no other inputs. */
export const LeafInputFields = graphql(`
  fragment LeafInputFields on ToolInput @_unmask {
    __typename
    name
    type
    label
    help
    optional
    ... on TextToolInput {
      defaultText
      area
    }
    ... on HiddenToolInput {
      defaultText
    }
    ... on IntegerToolInput {
      defaultNumber
      min
      max
    }
    ... on FloatToolInput {
      defaultFloat
      minFloat
      maxFloat
    }
    ... on BooleanToolInput {
      checked
      truevalue
      falsevalue
    }
    ... on SelectToolInput {
      options {
        label
        value
        selected
      }
      multiple
      display
      dataTable
    }
    ... on DataToolInput {
      formats
      acceptedExtensions
      multiple
    }
    ... on DataCollectionToolInput {
      collectionTypes
      formats
    }
    ... on DataColumnToolInput {
      dataRef
      defaultNumber
      multiple
      numerical
    }
  }
`);

/** Inputs that may hold leaves: conditionals, repeats and sections, one level deep. */
export const InnerInputFields = graphql(
  `
    fragment InnerInputFields on ToolInput @_unmask {
      ...LeafInputFields
      ... on ConditionalToolInput {
        test {
          ...LeafInputFields
        }
        cases {
          value
          inputs {
            ...LeafInputFields
          }
        }
      }
      ... on RepeatToolInput {
        minCount
        maxCount
        defaultCount
        inputs {
          ...LeafInputFields
        }
      }
      ... on SectionToolInput {
        expanded
        inputs {
          ...LeafInputFields
        }
      }
    }
  `,
  [LeafInputFields],
);

/** A tool's form: its inputs, nested up to three levels (a conditional in a repeat in a section…). */
export const ToolFormQuery = graphql(
  `
    query ToolForm($id: String!) {
      tool(id: $id) {
        id
        name
        version
        description
        help
        citations
        inputs {
          ...LeafInputFields
          ... on ConditionalToolInput {
            test {
              ...LeafInputFields
            }
            cases {
              value
              inputs {
                ...InnerInputFields
              }
            }
          }
          ... on RepeatToolInput {
            minCount
            maxCount
            defaultCount
            inputs {
              ...InnerInputFields
            }
          }
          ... on SectionToolInput {
            expanded
            inputs {
              ...InnerInputFields
            }
          }
        }
      }
    }
  `,
  [LeafInputFields, InnerInputFields],
);

export const RunToolMutation = graphql(`
  mutation RunToolFromForm($input: RunToolInput!) {
    runTool(input: $input) {
      jobs {
        id
      }
      outputs {
        name
        dataset {
          id
          hid
          name
          state
        }
      }
      implicitCollections {
        name
        collection {
          id
          hid
          name
          historyId
        }
      }
    }
  }
`);

export type ToolPanelSection = ResultOf<typeof ToolPanelQuery>['toolPanelSections'][number];
export type ToolForm = ResultOf<typeof ToolFormQuery>['tool'];
type TopInput = ToolForm['inputs'][number];
type InnerInput = ResultOf<typeof InnerInputFields>;
type LeafInput = ResultOf<typeof LeafInputFields>;
/** An input of the form at any depth. */
export type FormInput = TopInput | InnerInput | LeafInput;
