import { AdminPlaceholderPage } from '../pages/AdminPlaceholderPage';

/** Placeholder until the page is built. */
export function ClientList() {
  return <AdminPlaceholderPage title="Clients" />;
}
