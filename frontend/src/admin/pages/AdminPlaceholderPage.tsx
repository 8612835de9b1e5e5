import { PageHeader } from '../../shared/ui/PageHeader';

/** Walking-skeleton page: only its title; the content arrives with the page's own issue. */
export function AdminPlaceholderPage({ title, subtitle }: { title: string; subtitle?: string }) {
  return <PageHeader title={title} subtitle={subtitle} />;
}
