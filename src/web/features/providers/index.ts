// The video providers' browser side, as the rest of the web uses it: where a launch opens (the
// meeting page, a new tab at a link, or nowhere), and the meeting page's provider code. Each
// provider's own code lives in its folder (zoom/).
import type { MeetingLaunchDto } from '#common/meetings.ts';
import { zoomMeetingUrl } from './zoom/meeting-url.ts';

// The app shell's entry for the provider's pool of host accounts: its menu icon, and what it
// refreshes when the server announces a change to the pool.
export { IconBrandZoom as HostAccountsIcon } from '@tabler/icons-react';
export { zoomRealtime as hostAccountsRealtime } from './zoom/api.ts';
// The meeting page runs the provider whose meetings open there (Zoom's Web Meeting SDK).
export { MeetingAccountLines } from './zoom/meeting-account.tsx';
export type { MeetingParams } from './zoom/meeting-params.ts';
export { readMeetingParams, withoutCredentials } from './zoom/meeting-params.ts';
export {
  useMeetingAccount,
  useZoomMeeting as useProviderMeeting,
} from './zoom/use-zoom-meeting.ts';
// Settings' card for connecting the provider (its credentials, admin only).
export { ZoomSettingsCard as ProviderSettingsCard } from './zoom/zoom-settings-card.tsx';

/** The address a launch opens in a new tab, or null when there is nothing to open (a room). */
export function meetingUrl(reply: MeetingLaunchDto): string | null {
  if (reply.open === 'link') return typeof reply.launch.url === 'string' ? reply.launch.url : null;
  if (reply.open === 'none') return null;
  return reply.provider === 'zoom' ? zoomMeetingUrl(reply) : null;
}
