// The change-password rules of product.md §5, in the order the specification lists them, as the
// code of the first one broken. No zod here: the first-sign-in screen uses this without pulling
// the schema library into its bundle.
import { MIN_PASSWORD_LENGTH } from './constants.ts';
import type { MessageCode } from './messages.ts';

export function passwordChangeProblem(
  newPassword: string,
  confirmPassword: string,
): MessageCode | null {
  if (!newPassword || !confirmPassword) return 'PASSWORD_REQUIRED';
  if (newPassword.length < MIN_PASSWORD_LENGTH) return 'PASSWORD_TOO_SHORT';
  if (newPassword !== confirmPassword) return 'PASSWORD_MISMATCH';
  return null;
}
