import type { HistoryService } from '../services/histories';
import type { PageService } from '../services/pages';
import type { OwnedItemFinders } from '../services/sharing';
import type { VisualizationService } from '../services/visualizations';
import type { WorkflowService } from '../services/workflows';

/**
 * How each shareable kind's own area finds an item the caller owns, for the sharing service: the
 * sharing area names the finders it needs (OwnedItemFinders) and imports none of the kinds' areas,
 * which themselves use the sharing area's SQL rules.
 */
export function shareableOwners(areas: { histories: HistoryService; pages: PageService; visualizations: VisualizationService; workflows: WorkflowService }): OwnedItemFinders {
  return {
    histories: async (ctx, encodedId) => {
      const history = await areas.histories.ownedView(ctx, encodedId);
      return { id: history.id, userId: history.user?.id ?? null };
    },
    pages: async (ctx, encodedId) => {
      const page = await areas.pages.findOwned(ctx, encodedId, 'Page is not owned by the current user');
      return { id: page.id, userId: page.userId };
    },
    visualizations: (ctx, encodedId) => areas.visualizations.findSharable(ctx, encodedId),
    workflows: (ctx, encodedId) => areas.workflows.findSharable(ctx, encodedId),
  };
}
