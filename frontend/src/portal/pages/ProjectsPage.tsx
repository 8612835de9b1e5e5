import { PageHeader } from '../../shared/ui/PageHeader';

/** Placeholder of the walking skeleton: the page's content comes with its own issue. */
export function ProjectsPage() {
  return <PageHeader title="My Projects" />;
}
