import { Injectable, Logger } from '@nestjs/common';
import { EmailOutbox, receiptEmail } from '../../../email';
import type { SignedInAccount } from '../../../../shared/auth/request-user';
import { assertMayAccess } from '../../../../shared/auth/guards';
import { AppConfig } from '../../../../shared/config/app-config';
import { NotFoundError } from '../../../../shared/errors/domain-error';
import { receiptDate, receiptDescription, receiptMethod } from '../../domain/receipt';
import { ReceiptIssuer } from '../ports/receipt-issuer';
import { ReceiptRenderer } from '../ports/receipt-renderer';
import { ReceiptRepository } from '../ports/receipt.repository';

export const receiptNotFound = () => new NotFoundError('PAYMENTS.RECEIPT_NOT_FOUND', 'Receipt not found');

/**
 * Receipts of completed payments (CONTRACT §11, decision 0031): the PDF for the payer or an admin, and
 * the e-mail that carries it to the client, queued in the transaction that completes the payment.
 */
@Injectable()
export class Receipts extends ReceiptIssuer {
  private readonly logger = new Logger('Receipts');

  constructor(
    private readonly receipts: ReceiptRepository,
    private readonly renderer: ReceiptRenderer,
    private readonly outbox: EmailOutbox,
    private readonly config: AppConfig,
  ) {
    super();
  }

  /**
   * The PDF of a payment's receipt for `viewer`: the payer or an admin. Another client's payment, an
   * unknown id and a payment that has not completed (no receipt) all answer 404 alike.
   */
  async pdfFor(viewer: SignedInAccount, paymentId: number): Promise<{ fileName: string; pdf: Buffer }> {
    const receipt = await this.receipts.find(paymentId);
    if (!receipt) throw receiptNotFound();
    assertMayAccess(viewer, receipt.client.id, 'Receipt');
    return { fileName: receipt.number.fileName, pdf: await this.renderer.render(receipt) };
  }

  /**
   * Queues the receipt e-mail of a payment that has just completed, in the caller's transaction (the
   * one that recorded the payment and took its number), so it is sent once the payment is committed and
   * never for a completion that rolled back. The PDF is made now and kept with the message: the client
   * receives the receipt as it was issued. A client without an address (deleted) gets none.
   */
  async issue(paymentId: number): Promise<void> {
    const receipt = await this.receipts.find(paymentId);
    if (!receipt) throw new Error(`payment ${paymentId} has no receipt: it is not completed`);
    if (!receipt.client.email) {
      this.logger.log(`receipt ${receipt.number.text}: the client has no address, not e-mailed`);
      return;
    }
    const pdf = await this.renderer.render(receipt);
    await this.outbox.enqueue({
      ...receiptEmail({
        to: receipt.client.email,
        username: receipt.client.name,
        receiptNumber: receipt.number.text,
        description: receiptDescription(receipt.subject),
        amountCents: receipt.amount.cents,
        method: receiptMethod(receipt),
        date: receiptDate(receipt.paidAt, receipt.studio.timeZone),
        appUrl: this.config.appUrl,
      }),
      attachments: [{ filename: receipt.number.fileName, contentType: 'application/pdf', content: pdf }],
    });
  }
}
