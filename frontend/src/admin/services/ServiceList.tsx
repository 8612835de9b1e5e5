import { AdminPlaceholderPage } from '../pages/AdminPlaceholderPage';

/** Placeholder until the page is built. */
export function ServiceList() {
  return <AdminPlaceholderPage title="Photography Services" subtitle="Manage your service offerings" />;
}
