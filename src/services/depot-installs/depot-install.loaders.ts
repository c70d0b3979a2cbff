import DataLoader from 'dataloader';
import type { LoaderFactory } from '../../context/loader-registry';
import { type InstalledToolView, readInstalledTools } from './installed-repository-view';

/** The tools of installed repositories; one statement per batch of repositories. */
export const toolsByInstalledRepositoryId: LoaderFactory<number, InstalledToolView[]> = (ctx) =>
  new DataLoader(async (ids) => {
    const tools = await readInstalledTools(ctx, ids);
    const byRepository = new Map<number, InstalledToolView[]>(ids.map((id) => [id, []]));
    for (const tool of tools) byRepository.get(tool.repositoryId)?.push(tool);
    return ids.map((id) => byRepository.get(id) ?? []);
  });
