import type { Identifier } from 'react-admin';
import { httpClient } from '../providers/httpClient';
import type { Project } from './types';

/**
 * Custom calls of the Projects page, spread into the admin dataProvider.
 * CRUD (list, create, update, delete) goes through ra-data-simple-rest on /api/projects.
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
