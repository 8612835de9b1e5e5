// The invoice queries' keys, apart from hooks.ts so that a payment (payments/hooks.ts) can refresh them
// without loading the invoice pages' code.

/** GET /api/my/invoices: the signed-in client's invoices. */
export const MY_INVOICES_KEY = ['/api/my/invoices'] as const;
/** Prefix of every invoice's detail (['/api/invoices', id]). */
export const INVOICES_PREFIX = ['/api/invoices'] as const;
export const invoiceKey = (id: number) => [...INVOICES_PREFIX, id] as const;
