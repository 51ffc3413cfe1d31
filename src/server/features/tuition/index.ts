// The tuition feature's public face: what other features may use of it (invoices and payments
// write the ledger through appendEntries only; an invoice's VietQR code comes from invoiceQr).
export { appendEntries, balanceOf, type NewEntry, readEntry, writePayment } from './ledger.ts';
export { studentOf } from './students.ts';
export { tuitionRoutes } from './routes.ts';
export { invoiceRoutes } from './invoices/routes.ts';
export { bankAccountRoutes } from './bank-account-routes.ts';
export { invoiceQr, vietQrImage, vietQrPayload } from './vietqr.ts';
export { debtRoutes } from './debts/routes.ts';
export { startInvoiceReminders } from './invoices/reminders.ts';
