// The make-up lessons' server messages in English, by the same codes as makeup-messages.ts.
import type { makeupMessages } from './makeup-messages.ts';

export const makeupMessagesEn: Record<keyof typeof makeupMessages, string> = {
  MAKEUP_CREDIT_DAYS_RANGE: 'A make-up credit lasts from 1 to 365 days.',
  MAKEUP_SEATS_RANGE: 'Make-up seats per lesson: from 0 to 50.',
  MAKEUP_BOOKED: 'Make-up lesson booked: {class}, {time}.',
  MAKEUP_BOOKING_CANCELLED: 'Make-up booking cancelled; the credit is back.',
  MAKEUP_BOOK_FORBIDDEN: 'You cannot book make-up lessons yourself. Please contact the center.',
  MAKEUP_CREDIT_NOT_FOUND: 'This make-up credit was not found.',
  MAKEUP_CREDIT_USED: 'This make-up credit has already been used.',
  MAKEUP_CREDIT_EXPIRED: 'This make-up credit has expired.',
  MAKEUP_SAME_CLASS:
    'Choose a lesson of another class: a make-up is not taken in the class missed.',
  MAKEUP_ENROLLED_IN_CLASS: 'The student is in this class: choose a lesson of another class.',
  MAKEUP_LESSON_NOT_PENDING: 'Make-ups are booked only into lessons that have not started.',
  MAKEUP_LESSON_AFTER_EXPIRY: 'This lesson is after the credit expires ({date}).',
  MAKEUP_NO_SEATS: 'This lesson has no make-up seats left.',
  MAKEUP_CLASH: "This lesson clashes with another of the student's lessons ({class}).",
  MAKEUP_NOT_BOOKED: 'This make-up credit is not booked into any lesson.',
  MAKEUP_ALREADY_STARTED: 'The make-up lesson has started and can no longer be cancelled.',
} as const;
