import type { Project } from '../../../../shared/api/schema';
import { useCardPayment } from '../../payments/components/CardPaymentProvider';
import { PayWithCardButton } from '../../payments/components/PayWithCardButton';
import { Suspense } from 'react';
import { lazyPage } from '../../../../shared/lazyPage';
import { UseCreditsButton } from './UseCreditsButton';

// Shown only after a redemption that left money owed: fetched when a redemption starts, and the page
// shows the panel once the chunk is in (preloadCreditsRedeemedPanel), so it appears at once (decision 0014).
const CreditsRedeemedPanel = lazyPage(() => import('./CreditsRedeemedPanel'), 'CreditsRedeemedPanel');
export const preloadCreditsRedeemedPanel = CreditsRedeemedPanel.preload;

export interface ProjectPaymentActionsProps {
  project: Project;
  /** the client's credit balance (undefined while unknown) */
  balance: number | undefined;
  /** set once credits were redeemed on this project and money is still owed: the dollars left */
  redeemedRemaining?: number;
  /** the project whose redemption is running, if any */
  redeemingId: number | null;
  onRedeem: (project: Project) => void;
}

/**
 * The unpaid actions of a project card: 'Pay with Card' ('Pay Deposit $X.XX' / 'Pay Balance $Y.YY' on a
 * project with a deposit, CONTRACT §11) and, when eligible services remain,
 * 'Use Credits (N)'; after a partial redemption the 'Credits Successfully Redeemed!' panel with
 * 'Credits Used' and 'Pay Remaining' (spec §4). Needs a <CardPaymentProvider> above it.
 */
export function ProjectPaymentActions({ project, balance, redeemedRemaining, redeemingId, onRedeem }: ProjectPaymentActionsProps) {
  const { start, openingId } = useCardPayment();
  if (redeemedRemaining !== undefined) {
    return (
      <Suspense fallback={null}>
        <CreditsRedeemedPanel
          remaining={redeemedRemaining}
          opening={openingId === project.id}
          disabled={openingId !== null}
          onPayRemaining={() => start(project, project.depositAmount != null ? 'balance' : undefined)}
        />
      </Suspense>
    );
  }
  const cost = Number(project.creditsDue) || 0;
  return (
    <>
      <PayWithCardButton project={project} />
      {cost > 0 && (
        <UseCreditsButton
          cost={cost}
          balance={balance}
          pending={redeemingId === project.id}
          disabled={redeemingId !== null}
          onRedeem={() => onRedeem(project)}
        />
      )}
    </>
  );
}
