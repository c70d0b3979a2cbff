import { graphql } from '../graphql';

export const LibrariesQuery = graphql(`
  query Libraries {
    libraries {
      id
      name
      description
      synopsis
      public
      rootFolderId
    }
  }
`);

export const LibraryQuery = graphql(`
  query Library($id: ID!) {
    library(id: $id) {
      id
      name
      description
      synopsis
      rootFolderId
      canUserAdd
    }
  }
`);

export const FolderContentsQuery = graphql(`
  query FolderContents($id: ID!) {
    folderContents(id: $id) {
      canAddLibraryItem
      canModifyFolder
      parentLibraryId
      fullPath {
        id
        name
      }
      items {
        id
        name
        type
        fileExt
        fileSize
        dateUploaded
        updateTime
        deleted
        isPrivate
        state
      }
    }
  }
`);

export const CreateLibraryMutation = graphql(`
  mutation CreateLibrary($input: LibraryInput!) {
    createLibrary(input: $input) {
      id
      name
      rootFolderId
    }
  }
`);

export const CreateFolderMutation = graphql(`
  mutation CreateFolder($parentId: ID!, $name: String, $description: String) {
    createFolder(parentId: $parentId, name: $name, description: $description) {
      id
      name
    }
  }
`);

export const UploadToLibraryMutation = graphql(`
  mutation UploadToLibrary($libraryId: ID!, $input: LibraryContentInput!) {
    createLibraryContent(libraryId: $libraryId, input: $input) {
      id
      name
      type
    }
  }
`);

export const ImportLibraryDatasetMutation = graphql(`
  mutation ImportLibraryDataset($historyId: ID!, $content: ID!) {
    copyDataset(historyId: $historyId, source: "library", content: $content) {
      id
      hid
      name
      state
      historyId
    }
  }
`);

export const LibraryDatasetQuery = graphql(`
  query LibraryDataset($id: ID!) {
    libraryDataset(id: $id) {
      id
      name
      fullPath {
        id
        name
      }
      expiredVersions {
        id
        name
      }
      current {
        id
        fileExt
        fileSize
        genomeBuild
        state
        peek
        miscInfo
        miscBlurb
        message
        uploadedBy
        createTime
      }
    }
  }
`);
