/** Custom calls of the Payment History page (summary, CSV export); filled in by that page. */
export const paymentsMethods = {};
