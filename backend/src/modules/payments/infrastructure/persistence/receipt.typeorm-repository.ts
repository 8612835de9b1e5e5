import { Injectable } from '@nestjs/common';
import { Money } from '../../../../shared/domain/money';
import { TransactionHost } from '../../../../shared/transaction/transaction-host';
import { StudioSettings } from '../../../studio';
import { ReceiptRepository } from '../../application/ports/receipt.repository';
import type { Receipt, ReceiptStudio } from '../../domain/receipt';
import { ReceiptNumber } from '../../domain/receipt-number';

interface Row {
  id: number;
  receipt_number: number;
  amount_cents: string;
  payment_date: Date;
  stripe_payment_id: string | null;
  note: string | null;
  client_id: number | null;
  client_name: string | null;
  client_email: string | null;
  client_deleted: boolean | null;
  project_name: string | null;
  bundle_id: number | null;
  bundle_name: string | null;
  bundle_credits: number | null;
  intent_part: string | null;
}

@Injectable()
export class ReceiptTypeormRepository extends ReceiptRepository {
  constructor(
    private readonly tx: TransactionHost,
    private readonly settings: StudioSettings,
  ) {
    super();
  }

  async find(paymentId: number): Promise<Receipt | null> {
    // The payment's own client, else its project's (as Payment History names them); deleted rows still name it.
    const rows: Row[] = await this.tx.manager.query(
      `SELECT pay.id, pay.receipt_number, pay.amount_cents, pay.payment_date, pay.stripe_payment_id, pay.note,
              u.id AS client_id, u.username AS client_name, u.email AS client_email, u.deleted_at IS NOT NULL AS client_deleted,
              pr.name AS project_name, pay.bundle_id, b.name AS bundle_name,
              coalesce(i.credit_amount, b.credit_amount) AS bundle_credits, i.part AS intent_part
         FROM payments pay
         LEFT JOIN projects pr ON pr.id = pay.project_id
         LEFT JOIN credit_bundles b ON b.id = pay.bundle_id
         -- The credits the price bought when the intent was made (the bundle may have changed since), and
         -- for a project the part it paid (a deposit says so).
         LEFT JOIN card_payment_intents i ON i.id = pay.stripe_payment_id
         LEFT JOIN users u ON u.id = coalesce(pay.client_id, pr.client_id)
        WHERE pay.id = $1 AND pay.receipt_number IS NOT NULL`,
      [paymentId],
    );
    const r = rows[0];
    if (!r || r.client_id === null) return null;
    // A logo the storage cannot give now leaves the receipt without it, rather than failing the payment
    // whose transaction issues it.
    const [studio, logo] = await Promise.all([this.settings.current(), this.settings.logo().catch(() => null)]);
    const issuer: ReceiptStudio = {
      name: studio.name,
      contactLines: studio.contactLines,
      money: studio.money,
      accentColor: studio.props.accentColor,
      logo: logo && /^image\/(png|jpeg)$/.test(logo.contentType) ? logo.bytes : null,
      timeZone: studio.props.timeZone,
    };
    return {
      paymentId: r.id,
      number: ReceiptNumber.of(Number(r.receipt_number)),
      studio: issuer,
      client: { id: r.client_id, name: r.client_name ?? 'Unknown Client', email: r.client_deleted ? null : r.client_email },
      subject:
        r.bundle_id !== null
          ? { kind: 'bundle', name: r.bundle_name ?? 'Unknown Bundle', credits: Number(r.bundle_credits ?? 0) }
          : { kind: 'project', name: r.project_name ?? 'Unknown Project', deposit: r.intent_part === 'deposit' },
      amount: Money.ofCents(Number(r.amount_cents)),
      paidAt: r.payment_date,
      providerPaymentId: r.stripe_payment_id,
      note: r.note,
    };
  }
}
