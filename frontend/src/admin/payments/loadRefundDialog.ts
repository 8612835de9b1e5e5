/**
 * The refund dialog's loader, itself loaded on the first 'Refund' click. Vite writes the list of a lazy
 * chunk's dependencies (to preload them together) into the chunk that imports it: imported from Payment
 * History directly, the dialog's list (about 40 file names, ~0.5 kB gzipped) was part of the page's first
 * load; from here it is fetched with the click (decision 0032).
 */
export const loadRefundDialog = () => import('./RefundDialog');
