// The tuition feature's public face: what other features may use of it (invoices and payments
// write the ledger through appendEntries only; an invoice's VietQR code comes from invoiceQr).

export { bankAccountRoutes } from './bank-account-routes.ts';
export { debtRoutes } from './debts/routes.ts';
export { startInvoiceReminders } from './invoices/reminders.ts';
export { invoiceRoutes } from './invoices/routes.ts';
export { appendEntries, balanceOf, type NewEntry, readEntry, writePayment } from './ledger.ts';
export { tuitionRoutes } from './routes.ts';
export { studentOf } from './students.ts';
export { invoiceQr, vietQrImage, vietQrPayload } from './vietqr.ts';
