import type { Identifier } from 'react-admin';
import { httpClient } from '../providers/httpClient';
import type { Project } from './types';

/**
 * The Projects page's own calls (its chunk, not the back office's dataProvider: the other pages do not
 * carry them). CRUD (list, create, update, delete) goes through the dataProvider (ra-data-simple-rest on
 * /api/projects).
 */
export const projectsMethods = {
  /**
   * PATCH /api/projects/{id}/mark-paid: records a completed manual payment of the unpaid amount.
   * Without a note the server uses 'Marked as paid by admin'.
   */
  async markProjectPaid(id: Identifier, note?: string): Promise<{ data: Project }> {
    const { json } = await httpClient(`/api/projects/${encodeURIComponent(String(id))}/mark-paid`, {
      method: 'PATCH',
      body: JSON.stringify(note ? { note } : {}),
    });
    return { data: json as Project };
  },
};

export type ProjectsMethods = typeof projectsMethods;

/** The page's calls (tests replace them with `fakeApi`). */
export function useProjectsApi(): ProjectsMethods {
  return projectsMethods;
}
