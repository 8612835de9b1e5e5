import { describe, expect, it } from 'vitest';
import { filterProjects, matchesProjectSearch } from './filter';
import { line, project } from './fixtures';

const ocean = project({
  id: 1,
  name: '12 Ocean Drive',
  description: 'Beach house listing',
  services: [line({ name: 'Drone Footage', description: 'Aerial video of the lot' })],
});
const maple = project({
  id: 2,
  name: '5 Maple Street',
  description: '',
  services: [
    line({ name: 'Twilight Photos', description: '' }),
    line({ serviceId: 2, name: 'Floor Plan', description: 'Measured 2D plan' }),
  ],
});
const bare = project({ id: 3, name: 'Studio Portraits', description: 'Headshots', services: [] });
const all = [ocean, maple, bare];
const ids = (search: string) => filterProjects(all, search).map((p) => p.id);

describe('My Projects search', () => {
  it('keeps every project for an empty or blank search', () => {
    expect(ids('')).toEqual([1, 2, 3]);
    expect(ids('   ')).toEqual([1, 2, 3]);
  });

  it('matches the project name as a case-insensitive substring', () => {
    expect(ids('ocean')).toEqual([1]);
    expect(ids('MAPLE st')).toEqual([2]);
    expect(ids('dri')).toEqual([1]);
  });

  it('matches the project description', () => {
    expect(ids('beach HOUSE')).toEqual([1]);
    expect(ids('headshots')).toEqual([3]);
  });

  it('matches a service name', () => {
    expect(ids('drone')).toEqual([1]);
    expect(ids('twilight')).toEqual([2]);
  });

  it('matches a service description, of any service of the project', () => {
    expect(ids('AERIAL')).toEqual([1]);
    expect(ids('2d plan')).toEqual([2]);
  });

  it('ignores surrounding spaces but not inner ones', () => {
    expect(ids('  ocean  ')).toEqual([1]);
    expect(ids('oceandrive')).toEqual([]);
  });

  it('matches nothing else (client name, price, date)', () => {
    expect(ids('jane')).toEqual([]);
    expect(ids('150')).toEqual([]);
    expect(ids('2025')).toEqual([]);
  });

  it('copes with missing descriptions and services', () => {
    const odd = { ...project(), description: null, services: undefined } as unknown as Parameters<typeof matchesProjectSearch>[0];
    expect(matchesProjectSearch(odd, 'ocean')).toBe(true);
    expect(matchesProjectSearch(odd, 'listing')).toBe(false);
  });
});
