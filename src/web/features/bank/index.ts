// Matching bank transfers' public face: the Settings card for the bank webhook's key (the page
// itself loads by its route).
export { BankWebhookCard } from './webhook-card.tsx';
