// Active sessions (issue 26, the 'Security' card and the profile dialog): who is signed in where,
// and the sign-in limits in force. A session is named by its public id; the token's hash never
// leaves the server.
import { z } from 'zod';
import { ROLES } from './constants.ts';
import { noticeSchema } from './notice.ts';

export const activeSessionSchema = z.object({
  session_id: z.string(),
  /** The browser and system read from the User-Agent ('Chrome · Windows'); null: unknown. */
  device: z.string().nullable(),
  user_agent: z.string().nullable(),
  ip: z.string().nullable(),
  signed_in_at: z.string(),
  last_seen_at: z.string(),
  /** The session this list was asked from. */
  current: z.boolean(),
  person: z.object({
    user_id: z.string(),
    full_name: z.string(),
    email: z.string(),
    role: z.enum(ROLES),
  }),
});
export type ActiveSessionDto = z.infer<typeof activeSessionSchema>;

export const signInLimitsSchema = z.object({
  /** Wrong passwords for one email from one address before it is refused, per window. */
  maxFailuresPerPair: z.number(),
  windowMinutes: z.number(),
  /** Wrong passwords for one email from unknown addresses per day. */
  maxFailuresPerEmailPerDay: z.number(),
  /** Wrong passwords from one address across emails, per window. */
  maxFailuresPerIp: z.number(),
  /** Failures before replies are slowed, and the longest delay. */
  freeFailures: z.number(),
  maxDelaySeconds: z.number(),
  sessionIdleHours: z.number(),
  sessionMaxDays: z.number(),
});
export type SignInLimitsDto = z.infer<typeof signInLimitsSchema>;

export const ownSessionsSchema = z.object({ sessions: z.array(activeSessionSchema) });
export const allSessionsSchema = z.object({
  sessions: z.array(activeSessionSchema),
  limits: signInLimitsSchema,
});
export type AllSessionsDto = z.infer<typeof allSessionsSchema>;
export const endedSessionsSchema = noticeSchema.extend({ ended: z.number() });

const BROWSERS: [RegExp, string][] = [
  [/Edg(?:e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/CocCoc|coc_coc/i, 'Cốc Cốc'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\/|Chromium\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];
const SYSTEMS: [RegExp, string][] = [
  [/Android/, 'Android'],
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

/** 'Chrome · Windows' from a User-Agent, as far as it tells; null when it tells nothing. */
export function describeDevice(userAgent: string | null): string | null {
  if (!userAgent) return null;
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  const parts = [browser, system].filter(Boolean);
  return parts.length ? parts.join(' · ') : null;
}
