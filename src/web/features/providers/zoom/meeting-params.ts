// The /meeting page's parameters (product.md §2, §5): meetingId, signature, userName, userEmail
// and role are required; password defaults to empty; role is parsed as a number. Nothing else is
// read from the address: the host's ZAK and the participant's customer key are fetched from the
// server by the page (meeting-keys), so they never travel in a URL.
export interface MeetingParams {
  meetingId: string;
  signature: string;
  userName: string;
  userEmail: string;
  role: number;
  password: string;
  zoomAccountId?: string;
  scheduleId?: string;
  /** Fetched by the page, never read from the address. */
  zak?: string;
  customerKey?: string;
}

export function readMeetingParams(search: string): MeetingParams | null {
  const query = new URLSearchParams(search);
  const required = ['meetingId', 'signature', 'userName', 'userEmail', 'role'].map((key) =>
    query.get(key),
  );
  if (required.some((value) => !value)) return null;
  const [meetingId, signature, userName, userEmail, role] = required as string[];
  const parsedRole = Number(role);
  if (!Number.isFinite(parsedRole)) return null;
  return {
    meetingId: meetingId!,
    signature: signature!,
    userName: userName!,
    userEmail: userEmail!,
    role: parsedRole,
    password: query.get('password') ?? '',
    zoomAccountId: query.get('zoomAccountId') ?? undefined,
    scheduleId: query.get('scheduleId') ?? undefined,
  };
}

/** The same address without the signature: a short-lived credential stays out of history. */
export function withoutCredentials(href: string): string {
  const url = new URL(href);
  url.searchParams.delete('signature');
  return url.pathname + (url.search ? url.search : '') + url.hash;
}
