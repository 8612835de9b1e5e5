/**
 * A receipt's number (CONTRACT §11): the database hands them out from 1, without gaps, in the order
 * payments complete (decision 0031); shown as `R-` and at least six digits, `R-000123`.
 */
export class ReceiptNumber {
  private constructor(readonly value: number) {}

  static of(value: number): ReceiptNumber {
    if (!Number.isSafeInteger(value) || value < 1) throw new Error(`not a receipt number: ${value}`);
    return new ReceiptNumber(value);
  }

  /** `R-000123`; numbers past 999999 simply grow (`R-1234567`). */
  get text(): string {
    return `R-${String(this.value).padStart(6, '0')}`;
  }

  /** The PDF's file name: `receipt-R-000123.pdf`. */
  get fileName(): string {
    return `receipt-${this.text}.pdf`;
  }

  toString(): string {
    return this.text;
  }
}
