/** Billing's answer changed: the project's invoice is now paid (nothing owed) or owes again. */
export class InvoicePaidChanged {
  constructor(
    readonly projectId: number,
    readonly invoiceId: number,
    readonly paid: boolean,
  ) {}
}
