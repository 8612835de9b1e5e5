import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import type { Project } from '../../../../shared/api/schema';
import type { CardPaymentPart } from '../../invoices/types';
import { paymentPartOf } from '../parts';
import { useCardPayment } from './CardPaymentProvider';

const PARTS: readonly string[] = ['next', 'deposit', 'balance'] satisfies CardPaymentPart[];

/**
 * `/projects?pay=<projectId>` (the Invoices page's 'Pay', CONTRACT §14): once the list is in, opens the
 * payment of that project as its card's button would (or `&part=balance|next|deposit` when given), and
 * takes the parameters out of the address so that a reload or Back does not open it again. A project that
 * is not the client's or is paid already opens nothing. Needs a <CardPaymentProvider> above it.
 */
export function PayFromLink({ projects }: { projects: readonly Project[] | undefined }) {
  const [params, setParams] = useSearchParams();
  const { start } = useCardPayment();
  const pay = params.get('pay');
  const part = params.get('part');
  // one opening per link, also under StrictMode's double effects
  const handled = useRef<string | null>(null);

  useEffect(() => {
    if (!pay || !projects || handled.current === pay) return;
    handled.current = pay;
    const project = projects.find((p) => String(p.id) === pay);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('pay');
        next.delete('part');
        return next;
      },
      { replace: true },
    );
    if (!project || project.isPaid) return;
    start(project, part && PARTS.includes(part) ? (part as CardPaymentPart) : paymentPartOf(project));
  }, [pay, part, projects, start, setParams]);

  return null;
}
