// /meeting (product.md §2): full screen on black, outside the main layout, opened in a new tab.
// Checks its parameters, removes the short-lived credentials from the address bar once read,
// tries full screen (a refusal is ignored) and shows a close button when not in it, shows the
// joining overlay for 5 s, then the provider's browser code joins (the provider's meeting SDK, as
// host with the host key, or as participant). Status 3 (ended) closes the window once the user had joined; every failure of
// §8 shows the 'Meeting Error' screen, on top of the SDK's own page, until the user closes it.
// Closing leaves full screen, then closes the window after 100 ms. Over plain HTTP from another
// machine (no secure context) the browser withholds microphone, camera and SharedArrayBuffer: the
// page says so before trying to join.
import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { MEETING } from '#common/constants.ts';
import {
  MeetingAccountLines,
  type MeetingParams,
  readMeetingParams,
  useMeetingAccount,
  useProviderMeeting,
  withoutCredentials,
} from '#web/features/providers/index.ts';
import { t } from '#web/i18n/index.ts';
import classes from './meeting-page.module.css';

/** Said before this tab closes (set while a meeting is on the way): see useProviderMeeting. */
let beforeClosing: (() => void) | undefined;
const meetingWindow = {
  close: () => closeMeetingWindow(),
  beforeClosing: (said: (() => void) | undefined) => {
    beforeClosing = said;
  },
};

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
  const error = useProviderMeeting(params, meetingWindow);
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
              <MeetingAccountLines params={params} account={account} />
            </Stack>
          </Center>,
        )}
    </>
  );
}
