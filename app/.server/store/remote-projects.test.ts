// The `projects` group against a small real backend: the whole list, a project found by id or slug.
import { describe, expect, it } from 'vitest';
import { useRemoteBackend } from '../../../tests/support/backend';
import { remoteProjects } from './remote-projects';

const remote = useRemoteBackend();

describe('remoteProjects', () => {
  it('finds a project by id or slug; one without a slug goes by its id', async () => {
    remote.backend.answer('GET /api/page/generic/get_projects', {
      json: [
        { id: 1, slug: 'laser', name: 'Laser cutter' },
        { id: 2, name: 'Loom' },
      ],
    });
    const projects = remoteProjects(remote.http);
    expect(await projects.list()).toHaveLength(2);
    expect(await projects.byIdOrSlug('laser')).toMatchObject({ id: '1', name: 'Laser cutter' });
    expect(await projects.byIdOrSlug('1')).toMatchObject({ slug: 'laser' });
    expect(await projects.byIdOrSlug('2')).toMatchObject({ slug: '2', name: 'Loom' });
    expect(await projects.byIdOrSlug('kiln')).toBeNull();
  });
});
