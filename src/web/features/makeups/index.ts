// The make-up lessons feature's public face: a student's credits with booking and cancelling
// (the student's attendance page and the student's details for admin and staff show it).
export { MakeupCredits } from './makeup-credits.tsx';
