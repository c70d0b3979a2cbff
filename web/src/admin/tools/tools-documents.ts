import { graphql, type ResultOf } from '../../graphql';

export const AdminToolPanelQuery = graphql(`
  query AdminToolPanel {
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

export type AdminPanelSection = ResultOf<typeof AdminToolPanelQuery>['toolPanelSections'][number];

export const ReloadToolsMutation = graphql(`
  mutation ReloadTools {
    reloadTools {
      added
      removed
      changed
      problems {
        file
        message
      }
    }
  }
`);

export type ToolReload = ResultOf<typeof ReloadToolsMutation>['reloadTools'];

export const DatatypesRegistryQuery = graphql(`
  query DatatypesRegistry {
    datatypes(extensionOnly: "false", uploadOnly: "false")
    datatypeMapping
    datatypeConverters
  }
`);

export const DataTablesQuery = graphql(`
  query AdminDataTables {
    toolDataTables {
      name
      columns
    }
  }
`);

export const DataTableQuery = graphql(`
  query AdminDataTable($name: String!) {
    toolDataTable(name: $name) {
      name
      columns
      fields
    }
  }
`);

export const ReloadDataTableMutation = graphql(`
  mutation ReloadDataTable($name: String!) {
    reloadToolDataTable(name: $name) {
      name
      columns
      fields
    }
  }
`);

export const DeleteDataTableEntryMutation = graphql(`
  mutation DeleteDataTableEntry($name: String!, $values: String!) {
    deleteToolDataEntry(name: $name, values: $values) {
      name
      columns
      fields
    }
  }
`);
