import type { User } from '../../../clients';
import type { KeptRoute } from '../../../../shared/http/kept-answer-lane';
import { ListQuery, parseListQuery } from '../../../../shared/http/list-query';
import { PROJECT_SORTS, ProjectSort } from '../persistence/project.queries';

type Role = 'admin' | 'client';
export const roleOf = (viewer: User): Role => (viewer.isAdmin ? 'admin' : 'client');

/** The Projects page's query (400 for a sort, range or filter it does not take). */
export const projectListQuery = (query: Record<string, unknown>): ListQuery<ProjectSort> =>
  parseListQuery(query, PROJECT_SORTS, { field: 'date', order: 'DESC' });

/** The key a Projects page answer is kept under: one per role and query (decision 0016). */
export const projectListKey = (role: Role, q: ListQuery<ProjectSort>): string =>
  `projects|${role}|${q.paged}|${q.sortField}|${q.sortOrder}|${q.offset}|${q.limit}|${JSON.stringify(q.filter)}`;

/** The key a client's My Projects answer is kept under. */
export const clientProjectsKey = (role: Role, clientId: number): string => `client|${role}|${clientId}`;

/** Path ids as IdPipe takes them: 1 to 2147483647, digits only. */
const CLIENT_PROJECTS_PATH = /^\/api\/projects\/client\/([1-9]\d{0,9})$/;
const MAX_ID = 2147483647;

/**
 * The two kept lists as the kept-answer lane serves them (decision 0017), with the controller's own
 * query reading, keys and guards: GET /api/projects (admins) and GET /api/projects/client/{id} (that
 * client or an admin).
 */
export const PROJECT_KEPT_ROUTES: KeptRoute[] = [
  {
    match: (path) => (path === '/api/projects' ? [] : null),
    key: (role, query) => (role === 'admin' ? projectListKey(role, projectListQuery(query)) : null),
    allows: (viewer) => viewer.isAdmin,
  },
  {
    match: (path) => {
      const m = CLIENT_PROJECTS_PATH.exec(path);
      return m && Number(m[1]) <= MAX_ID ? [m[1]] : null;
    },
    key: (role, _query, [id]) => clientProjectsKey(role, Number(id)),
    allows: (viewer, [id]) => viewer.mayAccessOwnedBy(Number(id)),
  },
];
