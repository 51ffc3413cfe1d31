// The change-password rules of product.md §5, in the order the specification lists them. No zod
// here: the first-sign-in screen uses this without pulling the schema library into its bundle.
import { MIN_PASSWORD_LENGTH } from './constants.ts';
import { messages } from './messages.ts';

export function passwordChangeProblem(newPassword: string, confirmPassword: string): string | null {
  if (!newPassword || !confirmPassword) return messages.PASSWORD_REQUIRED;
  if (newPassword.length < MIN_PASSWORD_LENGTH) return messages.PASSWORD_TOO_SHORT;
  if (newPassword !== confirmPassword) return messages.PASSWORD_MISMATCH;
  return null;
}
