// The /meeting page's parameters (product.md §2, §5): meetingId, signature, userName, userEmail
// and role are required; password defaults to empty; role is parsed as a number. Two more come
// from the start and join replies: the host's ZAK (Zoom's key for starting as host) and the
// student's customer key (how webhooks tell who joined).
export interface MeetingParams {
  meetingId: string;
  signature: string;
  userName: string;
  userEmail: string;
  role: number;
  password: string;
  zoomAccountId?: string;
  scheduleId?: string;
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
    zak: query.get('zak') ?? undefined,
    customerKey: query.get('customerKey') ?? undefined,
  };
}

/** The same address without the signature and ZAK: short-lived credentials stay out of history. */
export function withoutCredentials(href: string): string {
  const url = new URL(href);
  url.searchParams.delete('signature');
  url.searchParams.delete('zak');
  return url.pathname + (url.search ? url.search : '') + url.hash;
}
