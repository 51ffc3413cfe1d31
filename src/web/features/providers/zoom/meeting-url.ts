// The meeting page's address for a Zoom launch the server answered with (product.md §2 meeting
// page parameters); the dashboard's cards and the notifications' 'Tham gia' open it in a new tab.
import type { MeetingLaunchDto } from '#common/meetings.ts';

export function zoomMeetingUrl(reply: MeetingLaunchDto): string {
  const launch = reply.launch as Record<string, string | number | undefined>;
  const params = new URLSearchParams({
    meetingId: String(launch.meetingNumber ?? ''),
    signature: String(launch.signature ?? ''),
    userName: String(launch.userName ?? ''),
    userEmail: String(launch.userEmail ?? ''),
    role: String(launch.role ?? 0),
    password: String(launch.password ?? ''),
    scheduleId: reply.scheduleId,
  });
  if (launch.zoomAccountId) params.set('zoomAccountId', String(launch.zoomAccountId));
  // Only product.md §2's parameters: the ZAK and the customer key are fetched by the meeting page.
  return `/meeting?${params}`;
}
