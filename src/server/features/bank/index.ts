// Matching bank transfers (issue 27, docs/decisions/030-bank-transfers.md): statements, the bank
// webhook and the transfers left for staff. Payments are written through tuition's writePayment.
export { bankRoutes } from './routes.ts';
