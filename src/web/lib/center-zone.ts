// The center's time zone, as the server gives it with the session. Kept apart from dates.ts so
// the sign-in code sets it without pulling the date library into the first download.
let zone = 'Asia/Ho_Chi_Minh';

export function setCenterTimezone(next: string | undefined): void {
  if (next) zone = next;
}

export const centerTimezone = () => zone;
