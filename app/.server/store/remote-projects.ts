// The store's `projects` group against an upstream backend (remote.ts): get_projects answers the
// whole list, which a project is found in by id or slug.
import type { Store } from './index';
import type { RemoteHttp } from './remote-http';
import { RemoteProjects } from './remote-schemas';

export function remoteProjects(http: RemoteHttp): Store['projects'] {
  const list = () => http.get('get_projects', '/page/generic/get_projects', RemoteProjects);
  return {
    list,
    byIdOrSlug: async (idOrSlug) =>
      (await list()).find((project) => project.id === idOrSlug || project.slug === idOrSlug) ?? null,
  };
}
