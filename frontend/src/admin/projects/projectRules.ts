import type { SortPayload } from 'react-admin';

/** Spec §9: the admin table shows at most 2 services a row, then '+N more'. */
export const MAX_SERVICE_CHIPS = 2;

/** The services chips of a row: the first `max` names, and the '+N more' label when some are hidden. */
export function serviceChips(names: string[], max = MAX_SERVICE_CHIPS): { shown: string[]; more: string | null } {
  const hidden = names.length - max;
  return { shown: names.slice(0, max), more: hidden > 0 ? `+${hidden} more` : null };
}

/** Default order of the projects table: newest first. */
export const DEFAULT_PROJECT_SORT: SortPayload = { field: 'date', order: 'DESC' };

/**
 * Spec §2: clicking the active column toggles ascending/descending; clicking another column starts
 * ascending.
 */
export function nextSort(current: SortPayload, field: string): SortPayload {
  if (current.field === field) return { field, order: current.order === 'ASC' ? 'DESC' : 'ASC' };
  return { field, order: 'ASC' };
}
