import { PageHeader } from '../../shared/ui/PageHeader';

/** Placeholder of the walking skeleton: the page's content comes with its own issue. */
export function CreditsPage() {
  return <PageHeader title="Credits" />;
}
