import { AdminPlaceholderPage } from '../pages/AdminPlaceholderPage';

/** Placeholder until the page is built. */
export function ProjectList() {
  return <AdminPlaceholderPage title="Projects" />;
}
