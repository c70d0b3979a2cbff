import { graphql } from '../../graphql';

export const LibraryPermissionsQuery = graphql(`
  query LibraryPermissionsOf($id: ID!) {
    libraryPermissions(id: $id) {
      current {
        access {
          id
          name
        }
        add {
          id
          name
        }
        manage {
          id
          name
        }
        modify {
          id
          name
        }
      }
    }
  }
`);

export const FolderPermissionsQuery = graphql(`
  query FolderPermissionsOf($id: ID!) {
    folderPermissions(id: $id) {
      current {
        add {
          id
          name
        }
        manage {
          id
          name
        }
        modify {
          id
          name
        }
      }
    }
  }
`);

export const LibraryDatasetPermissionsQuery = graphql(`
  query LibraryDatasetPermissionsOf($id: ID!) {
    libraryDatasetPermissions(id: $id) {
      current {
        access
        manage
        modify
      }
    }
  }
`);

export const SetLibraryPermissionsMutation = graphql(`
  mutation SetLibraryPermissionsOf($id: ID!, $roles: PermissionRolesInput!) {
    setLibraryPermissions(id: $id, action: "set_permissions", roles: $roles) {
      current {
        access {
          id
        }
      }
    }
  }
`);

export const SetFolderPermissionsMutation = graphql(`
  mutation SetFolderPermissionsOf($id: ID!, $roles: PermissionRolesInput!) {
    setFolderPermissions(id: $id, action: "set_permissions", roles: $roles) {
      current {
        add {
          id
        }
      }
    }
  }
`);

export const SetLibraryDatasetPermissionsMutation = graphql(`
  mutation SetLibraryDatasetPermissionsOf($id: ID!, $roles: PermissionRolesInput!) {
    setLibraryDatasetPermissions(id: $id, action: "set_permissions", roles: $roles) {
      current {
        access
        manage
        modify
      }
    }
  }
`);
