// The meeting page's Zoom part (product.md §2, §8): load the Web Meeting SDK, fetch the keys that
// never travel in the address, join, and leave when the page goes; and the pool account the
// joining overlay shows.
import { useEffect, useState } from 'react';
import { MEETING } from '#common/constants.ts';
import type { MeetingAccountDto, WebSdkSourceDto } from '#common/providers/zoom/contracts.ts';
import { api } from '#web/lib/api-client.ts';
import { errorText } from '#web/lib/error-text.ts';
import { tellOpener } from '#web/lib/meeting-tab-channel.ts';
import type { MeetingParams } from './meeting-params.ts';
import {
  joinZoomMeeting,
  loadZoomMtg,
  MeetingPageError,
  type ZoomMtgClient,
} from './zoom-web-sdk.ts';

/** Zoom's Client View renders into this element, which it adds to the body. */
const SDK_ROOT_ID = 'zmmtg-root';

/**
 * Joins the meeting the page's parameters name; returns the error to show, if any. `meetingWindow`
 * closes the tab, and is told what to say before it closes.
 */
export function useZoomMeeting(
  params: MeetingParams | null,
  meetingWindow: { close(): void; beforeClosing(said: (() => void) | undefined): void },
) {
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!params) return;
    let zoom: ZoomMtgClient | undefined;
    let cancelled = false;
    // The SDK also reports status 3 after a join that failed: only a user who was in the meeting
    // leaves it when it ends. A failed join stays on the error screen until the user closes it.
    let joined = false;
    const run = async () => {
      const source = await api<WebSdkSourceDto>('/zoom/web-sdk');
      if (cancelled) return;
      // The host's ZAK and the participant's customer key come from the server for the signed-in
      // user, never through the address (where the request line and the history would keep them).
      let keys: { zak?: string; customerKey?: string } = {};
      if (params.scheduleId) {
        const role = params.role === MEETING.hostRole ? 1 : 0;
        try {
          keys = await api(
            `/schedules/${encodeURIComponent(params.scheduleId)}/meeting-keys?role=${role}`,
          );
        } catch (failure) {
          // As with the account lookup (§8), a failed lookup is logged and the join goes on: a
          // participant joins without a customer key; a host without a ZAK is refused by Zoom,
          // which the error screen then shows.
          console.error('Meeting page: key lookup failed', errorText(failure));
        }
      }
      if (cancelled) return;
      zoom = await loadZoomMtg(source);
      if (cancelled) return;
      await joinZoomMeeting(zoom, source, { ...params, ...keys }, (status) => {
        if (status === MEETING.connectedStatus) joined = true;
        if (status === MEETING.endedStatus && joined) meetingWindow.close();
      });
      joined = true;
      if (params.scheduleId) tellOpener({ scheduleId: params.scheduleId, state: 'joined' });
    };
    run().catch((failure: unknown) => {
      if (cancelled) return;
      console.error('Meeting page: could not join', failure);
      // The SDK's page would go on showing 'Joining Meeting…' under the error screen.
      document.getElementById(SDK_ROOT_ID)?.style.setProperty('display', 'none');
      const message =
        failure instanceof MeetingPageError ? failure.message : 'Failed to initialize Zoom meeting';
      setError(message);
      // The dashboard that opened this tab says so too if the tab is closed now.
      if (params.scheduleId)
        tellOpener({ scheduleId: params.scheduleId, state: 'failed', message });
    });
    // A tab closed before it joined tells the dashboard that opened it: from its own close
    // buttons at once, and when the browser closes it (pagehide) as far as the browser lets it.
    let told = false;
    const tellClosing = () => {
      if (joined || told || !params.scheduleId) return;
      told = true;
      tellOpener({ scheduleId: params.scheduleId, state: 'closed' });
    };
    meetingWindow.beforeClosing(tellClosing);
    // Leaving the page leaves the meeting (for the host, Zoom then ends it).
    const leave = () => {
      tellClosing();
      try {
        zoom?.leaveMeeting({});
      } catch (failure) {
        console.error('Meeting page: leave failed', failure);
      }
    };
    window.addEventListener('pagehide', leave);
    return () => {
      cancelled = true;
      meetingWindow.beforeClosing(undefined);
      window.removeEventListener('pagehide', leave);
      leave();
    };
  }, [params, meetingWindow]);
  return error;
}

/** The pool account hosting the lesson, for the joining overlay (§8: a failure is only logged). */
export function useMeetingAccount(scheduleId: string | undefined) {
  const [account, setAccount] = useState<MeetingAccountDto | null>(null);
  useEffect(() => {
    if (!scheduleId) return;
    let cancelled = false;
    api<MeetingAccountDto>(`/schedules/${encodeURIComponent(scheduleId)}/zoom-account`)
      .then((found) => !cancelled && setAccount(found))
      // §8: an account lookup failure is only logged.
      .catch((failure: unknown) => console.error('Meeting page: account lookup failed', failure));
    return () => {
      cancelled = true;
    };
  }, [scheduleId]);
  return account;
}
