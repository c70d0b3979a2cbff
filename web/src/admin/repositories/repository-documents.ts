import { graphql, type ResultOf } from '../../graphql';

export const ConfiguredDepotsQuery = graphql(`
  query ConfiguredDepots {
    configuredDepots
  }
`);

export const DepotSearchQuery = graphql(`
  query DepotRepositorySearch($depotUrl: String!, $q: String!, $first: Int, $after: String) {
    depotRepositorySearch(depotUrl: $depotUrl, q: $q, first: $first, after: $after) {
      totalCount
      pageInfo {
        hasNextPage
        endCursor
      }
      edges {
        node {
          name
          owner
          description
          timesDownloaded
          lastUpdated
        }
      }
    }
  }
`);

export type DepotHit = ResultOf<typeof DepotSearchQuery>['depotRepositorySearch']['edges'][number]['node'];

export const DepotRepositoryQuery = graphql(`
  query DepotRepository($depotUrl: String!, $name: String!, $owner: String!) {
    depotRepository(depotUrl: $depotUrl, name: $name, owner: $owner) {
      depotUrl
      name
      owner
      revisions
      tools {
        id
        name
        description
        version
        guid
        changesetRevision
      }
    }
  }
`);

export const DepotRevisionQuery = graphql(`
  query DepotRevision($depotUrl: String!, $name: String!, $owner: String!, $changesetRevision: String!) {
    depotRepository(depotUrl: $depotUrl, name: $name, owner: $owner) {
      depotUrl
      name
      owner
      revision(changesetRevision: $changesetRevision) {
        changesetRevision
        ctxRev
        description
        includesTools
        includesDatatypes
        deprecated
        dependencies {
          depot
          name
          owner
          changesetRevision
          priorInstallationRequired
        }
      }
    }
  }
`);

export const StartInstallMutation = graphql(`
    mutation StartDepotInstall($input: InstallDepotRevisionInput!) {
      startDepotInstall(input: $input) {
        id
        name
        owner
        toolShed
        installedChangesetRevision
        ctxRev
        status
        errorMessage
        deleted
        uninstalled
        panelSectionName
        updateTime
      }
    }
`);

export const InstallProgressQuery = graphql(`
    query DepotInstallProgress($ids: [ID!]!) {
      depotInstallProgress(ids: $ids) {
        id
        name
        owner
        toolShed
        installedChangesetRevision
        ctxRev
        status
        errorMessage
        deleted
        uninstalled
        panelSectionName
        updateTime
      }
    }
`);

export const InstalledRepositoriesQuery = graphql(`
    query AdminInstalledRepositories {
      installedDepotRepositories {
        id
        name
        owner
        toolShed
        installedChangesetRevision
        ctxRev
        status
        errorMessage
        deleted
        uninstalled
        panelSectionName
        updateTime
        tools {
          guid
          name
          version
          tool {
            id
          }
        }
      }
    }
`);


export const DeactivateRepositoryMutation = graphql(`
    mutation DeactivateDepotRepository($id: ID!) {
      deactivateDepotRepository(id: $id) {
        id
        name
        owner
        toolShed
        installedChangesetRevision
        ctxRev
        status
        errorMessage
        deleted
        uninstalled
        panelSectionName
        updateTime
      }
    }
`);

export const UninstallRepositoryMutation = graphql(`
    mutation UninstallDepotRepository($id: ID!) {
      uninstallDepotRepository(id: $id) {
        id
        name
        owner
        toolShed
        installedChangesetRevision
        ctxRev
        status
        errorMessage
        deleted
        uninstalled
        panelSectionName
        updateTime
      }
    }
`);

export const ReinstallRepositoryMutation = graphql(`
    mutation ReinstallDepotRepository($id: ID!) {
      reinstallDepotRepository(id: $id) {
        id
        name
        owner
        toolShed
        installedChangesetRevision
        ctxRev
        status
        errorMessage
        deleted
        uninstalled
        panelSectionName
        updateTime
      }
    }
`);

export const RepairRepositoryMutation = graphql(`
    mutation RepairDepotRepository($id: ID!) {
      repairDepotRepository(id: $id) {
        id
        name
        owner
        toolShed
        installedChangesetRevision
        ctxRev
        status
        errorMessage
        deleted
        uninstalled
        panelSectionName
        updateTime
      }
    }
`);

export type InstalledRecord = ResultOf<typeof InstallProgressQuery>['depotInstallProgress'][number];
export type InstalledRepository = ResultOf<typeof InstalledRepositoriesQuery>['installedDepotRepositories'][number];
