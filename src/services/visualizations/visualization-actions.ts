import type { Caller } from '../../context/caller';

/** What a caller may do with one visualization; the service's checks and the web UI's offers both come from here. */
export interface VisualizationActions {
  /** Save a new revision (title, genome build, configuration): the owner only, as the contract's "Owner only". */
  change: boolean;
  /** Change its link access, publishing and the users it is shared with: the owner or an administrator. */
  share: boolean;
}

export const mayChangeVisualization = (caller: Caller, visualization: { userId: number }): boolean => caller.userId === visualization.userId;

export const mayShareVisualization = (caller: Caller, visualization: { userId: number }): boolean => caller.isAdmin || mayChangeVisualization(caller, visualization);

export const visualizationActionsFor = (caller: Caller, visualization: { userId: number }): VisualizationActions => ({
  change: mayChangeVisualization(caller, visualization),
  share: mayShareVisualization(caller, visualization),
});
