import { PAGING_MESSAGES } from '../../../../src/depot/services/search/search-query';
import { route, type RouteArea } from '../../../core/route';
import { SEARCH_PAGE_FIELDS, type SearchPageData, searchRecord, searchVariables } from '../search/search-record';

interface ToolHitData {
  score: number;
  matchedTerms: string[][];
  tool: { id: string; name: string; description: string; version: string; guid: string; repoName: string; repoOwnerUsername: string; changesetRevision: string };
}

/** The original's tool hit: the tool's id, name, description and repository, plus its version, guid and installable revision. */
const toolHit = ({ tool, score, matchedTerms }: ToolHitData) => ({
  tool: {
    id: tool.id,
    name: tool.name,
    description: tool.description,
    repo_owner_username: tool.repoOwnerUsername,
    repo_name: tool.repoName,
    version: tool.version,
    guid: tool.guid,
    changeset_revision: tool.changesetRevision,
  },
  score,
  matched_terms: matchedTerms,
});

/** `GET /api/tools?q=…`: the tools of installable revisions (the Tool Shed client's `search_tools`). */
export const depotToolsArea: RouteArea = {
  area: 'depot_tools',
  routes: [
    route<{ searchTools: SearchPageData<ToolHitData> }>({
      method: 'get',
      path: '/api/tools',
      access: 'anonymous',
      operation: `query ($q: String!, $page: Int, $pageSize: Int) { searchTools(q: $q, page: $page, pageSize: $pageSize) {
        ${SEARCH_PAGE_FIELDS} hits { score matchedTerms tool { id name description version guid repoName repoOwnerUsername changesetRevision } }
      } }`,
      variables: (input) => searchVariables(input, PAGING_MESSAGES.tools),
      shape: (data) => searchRecord(data.searchTools, toolHit),
    }),
  ],
};
