// The catalogue's parts the login route carries (Vietnamese): whatever it can show before sign-in
// (the sign-in and first sign-in screens, the guards, the shell, the server's codes, toasts). The
// other parts arrive with the first page after sign-in (after-sign-in-texts.ts).
import { meetingErrorTexts } from './meeting-errors.ts';
import { notificationTexts } from './notifications.ts';
import { profileTexts } from './profile.ts';
import { serverMessageTexts } from './server-messages.ts';
import { shellTexts } from './shell.ts';

export const shellParts = [
  serverMessageTexts,
  shellTexts,
  meetingErrorTexts,
  profileTexts,
  notificationTexts,
] as const;
