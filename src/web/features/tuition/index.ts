// The tuition feature's public face: the fee plan tab of a class's details, the link to a
// student's account from their details, the bank account's Settings card, and the VietQR card.

export { BankAccountCard } from './bank-account-card.tsx';
export { FeePlanTab } from './fee-plan-tab.tsx';
export { money } from './money-text.ts';
export { tuitionPathOf } from './tuition-path.ts';
export { VietQrCard } from './vietqr-card.tsx';
