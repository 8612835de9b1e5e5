import { AdminPlaceholderPage } from './AdminPlaceholderPage';

export function DashboardPage() {
  return <AdminPlaceholderPage title="Dashboard" />;
}
