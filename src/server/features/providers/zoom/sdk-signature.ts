// Meeting SDK signatures (docs/zoom.md): a JWT signed with HS256 and the SDK secret,
// valid two hours, `iat` 30 s in the past to allow for clock skew. Generated only on the server,
// only for a user entitled to that meeting and role.
import { createHmac } from 'node:crypto';

export const SIGNATURE_LIFETIME_SECONDS = 7_200;
const CLOCK_SKEW_SECONDS = 30;

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

export function meetingSignature(
  sdk: { key: string; secret: string },
  meetingNumber: string,
  role: 0 | 1,
  now: Date,
): string {
  const iat = Math.floor(now.getTime() / 1000) - CLOCK_SKEW_SECONDS;
  const exp = iat + SIGNATURE_LIFETIME_SECONDS;
  const header = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const payload = base64url(
    JSON.stringify({
      appKey: sdk.key,
      sdkKey: sdk.key,
      mn: meetingNumber,
      role,
      iat,
      exp,
      tokenExp: exp,
    }),
  );
  const signature = createHmac('sha256', sdk.secret)
    .update(`${header}.${payload}`)
    .digest('base64url');
  return `${header}.${payload}.${signature}`;
}
