import type { Receipt } from '../../domain/receipt';

/** Port: turns a receipt into the PDF the client downloads and receives by e-mail. */
export abstract class ReceiptRenderer {
  abstract render(receipt: Receipt): Promise<Buffer>;
}
