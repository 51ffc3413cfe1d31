// /meeting (product.md §2): full screen on black, outside the main layout, opened in a new tab.
// Checks its parameters, removes the short-lived credentials from the address bar once read,
// tries full screen (a refusal is ignored) and shows a close button when not in it, shows the
// joining overlay for 5 s, then loads Zoom's Web Meeting SDK and joins: as host with the ZAK, or
// as participant. Status 3 (ended) closes the window once the user had joined; every failure of
// §8 shows the 'Meeting Error' screen, on top of the SDK's own page, until the user closes it.
// Closing leaves full screen, then closes the window after 100 ms. Over plain HTTP from another
// machine (no secure context) the browser withholds microphone, camera and SharedArrayBuffer: the
// page says so before trying to join.
import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { MEETING } from '#common/constants.ts';
import type { MeetingAccountDto, WebSdkSourceDto } from '#common/meetings.ts';
import { t } from '#web/i18n/index.ts';
import { api } from '#web/lib/api-client.ts';
import { errorText } from '#web/lib/error-text.ts';
import { tellOpener } from '#web/lib/meeting-tab-channel.ts';
import classes from './meeting-page.module.css';
import { type MeetingParams, readMeetingParams, withoutCredentials } from './meeting-params.ts';
import {
  joinZoomMeeting,
  loadZoomMtg,
  MeetingPageError,
  type ZoomMtgClient,
} from './zoom-web-sdk.ts';

/** Said before this tab closes (set while a meeting is on the way): see useZoomMeeting. */
let beforeClosing: (() => void) | undefined;

function closeMeetingWindow() {
  beforeClosing?.();
  const close = () => window.setTimeout(() => window.close(), MEETING.closeDelayMs);
  if (document.fullscreenElement) document.exitFullscreen().then(close, close);
  else close();
}

/**
 * The SDK's stylesheet makes our #root `position: fixed` without a z-index (a stacking context at
 * level 0), and its own layers (the 'Joining Meeting…' screen, dialogs) sit at z-index 1 and up:
 * nothing inside #root can rise above them. What must stay on top (the error screen, the close
 * button, the joining overlay) is rendered straight into the body instead.
 */
function aboveTheSdk(node: ReactNode) {
  return createPortal(node, document.body);
}

function FullScreenMessage({
  title,
  message,
  action,
}: {
  title: string;
  message: string;
  action: string;
}) {
  return aboveTheSdk(
    <Center className={`${classes.screen} ${classes.message}`} role="alert">
      <Stack align="center" maw={520} p="md">
        <Title order={1} size="h3" c="white">
          {title}
        </Title>
        <Text c="gray.4" ta="center" style={{ overflowWrap: 'anywhere' }}>
          {message}
        </Text>
        <Button onClick={closeMeetingWindow}>{action}</Button>
      </Stack>
    </Center>,
  );
}

/** The SDK's own errors are reported on screen; its stray ones must not break the page (§8). */
function suppressStrayErrors() {
  const onError = (event: ErrorEvent) => {
    if (event.message === 'Script error.') {
      console.error('Meeting page: script error', event.error);
      event.preventDefault();
    }
  };
  const onRejection = (event: PromiseRejectionEvent) => {
    console.error('Meeting page: unhandled rejection', event.reason);
    event.preventDefault();
  };
  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onRejection);
  return () => {
    window.removeEventListener('error', onError);
    window.removeEventListener('unhandledrejection', onRejection);
  };
}

/** Zoom's Client View renders into this element, which it adds to the body. */
const SDK_ROOT_ID = 'zmmtg-root';

function useZoomMeeting(params: MeetingParams | null) {
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
        if (status === MEETING.endedStatus && joined) closeMeetingWindow();
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
    beforeClosing = tellClosing;
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
      beforeClosing = undefined;
      window.removeEventListener('pagehide', leave);
      leave();
    };
  }, [params]);
  return error;
}

function useMeetingAccount(scheduleId: string | undefined) {
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

export default function MeetingPage() {
  // Read once: the credentials leave the address bar right after.
  const [params] = useState(() => readMeetingParams(window.location.search));
  if (params && !window.isSecureContext) {
    return (
      <FullScreenMessage
        title={t('meeting.insecureTitle')}
        message={t('meeting.insecureMessage')}
        action="Close Window"
      />
    );
  }
  return <MeetingScreen params={params} />;
}

function MeetingScreen({ params }: { params: MeetingParams | null }) {
  const [fullscreen, setFullscreen] = useState(Boolean(document.fullscreenElement));
  const [overlay, setOverlay] = useState(true);
  const error = useZoomMeeting(params);
  const account = useMeetingAccount(params?.scheduleId);

  useEffect(() => {
    if (!params) return;
    window.history.replaceState(window.history.state, '', withoutCredentials(window.location.href));
    document.documentElement.requestFullscreen?.().catch(() => {});
    const onChange = () => setFullscreen(Boolean(document.fullscreenElement));
    document.addEventListener('fullscreenchange', onChange);
    const timer = window.setTimeout(() => setOverlay(false), MEETING.overlayMs);
    const restoreErrors = suppressStrayErrors();
    return () => {
      document.removeEventListener('fullscreenchange', onChange);
      window.clearTimeout(timer);
      restoreErrors();
    };
  }, [params]);

  if (!params) {
    return (
      <FullScreenMessage
        title="Invalid Meeting Parameters"
        message="Missing required meeting parameters. Please start the meeting again from the dashboard."
        action="Close"
      />
    );
  }
  if (error)
    return <FullScreenMessage title="Meeting Error" message={error} action="Close Window" />;

  const accountId = account?.zoom_account_id ?? params.zoomAccountId;
  return (
    <>
      {/* The SDK adds its own full-page root after this one; the overlay and close stay above. */}
      <div className={classes.screen} />
      {!fullscreen &&
        aboveTheSdk(
          <button
            type="button"
            className={classes.close}
            onClick={closeMeetingWindow}
            aria-label="Close meeting"
          >
            <IconX size={20} aria-hidden />
          </button>,
        )}
      {overlay &&
        aboveTheSdk(
          <Center className={classes.overlay} role="status" aria-label="Joining meeting">
            <Stack gap={4} align="center" p="md">
              <Title order={1} size="h4" c="white">
                Joining meeting…
              </Title>
              <Text c="gray.3">Meeting ID: {params.meetingId}</Text>
              <Text c="gray.3">User: {params.userName}</Text>
              <Text c="gray.3">
                Role:{' '}
                {params.role === MEETING.hostRole
                  ? t('meeting.roleHost')
                  : t('meeting.roleParticipant')}
              </Text>
              {params.scheduleId && <Text c="gray.3">Schedule ID: {params.scheduleId}</Text>}
              {accountId && <Text c="gray.3">Zoom account: {accountId}</Text>}
              {account && (
                <Text c="gray.3" data-testid="meeting-account">
                  {account.email} · {account.is_busy ? 'BUSY' : 'FREE'} ·{' '}
                  {account.is_active ? 'ACTIVE' : 'INACTIVE'}
                </Text>
              )}
            </Stack>
          </Center>,
        )}
    </>
  );
}
