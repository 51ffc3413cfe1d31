// The meeting page's address for a launch the server answered with (product.md §2 meeting page
// parameters); the dashboard's cards and the notifications' 'Tham gia' open it in a new tab.
import type { MeetingLaunch } from './api.ts';

export function meetingUrl(launch: MeetingLaunch): string {
  const params = new URLSearchParams({
    meetingId: launch.meetingNumber,
    signature: launch.signature,
    userName: launch.userName,
    userEmail: launch.userEmail,
    role: String(launch.role),
    password: launch.password ?? '',
    scheduleId: launch.scheduleId,
  });
  if (launch.zoomAccountId) params.set('zoomAccountId', launch.zoomAccountId);
  // Only product.md §2's parameters: the ZAK and the customer key are fetched by the meeting page.
  return `/meeting?${params}`;
}
