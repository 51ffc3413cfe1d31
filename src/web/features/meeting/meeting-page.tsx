// /meeting (SPEC.md §2): full screen on black, outside the main layout, opened in a new tab.
// Checks its parameters, removes the short-lived signature from the address bar once read,
// tries full screen (a refusal is ignored) and shows a close button when not in it, and shows
// the joining overlay for 5 s. Closing leaves full screen, then closes the window after 100 ms.
// Loading the Zoom Web SDK and joining comes next (the meetings issue is still open).
import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { MEETING } from '../../../common/constants.ts';
import classes from './meeting-page.module.css';
import { readMeetingParams, withoutSignature } from './meeting-params.ts';

function closeMeetingWindow() {
  const close = () => window.setTimeout(() => window.close(), MEETING.closeDelayMs);
  if (document.fullscreenElement) document.exitFullscreen().then(close, close);
  else close();
}

function InvalidParameters() {
  return (
    <Center className={classes.screen}>
      <Stack align="center" maw={480} p="md">
        <Title order={1} size="h3" c="white">
          Invalid Meeting Parameters
        </Title>
        <Text c="gray.4" ta="center">
          Missing required meeting parameters. Please start the meeting again from the dashboard.
        </Text>
        <Button onClick={closeMeetingWindow}>Close</Button>
      </Stack>
    </Center>
  );
}

export default function MeetingPage() {
  // Read once: the signature leaves the address bar right after.
  const [params] = useState(() => readMeetingParams(window.location.search));
  const [fullscreen, setFullscreen] = useState(Boolean(document.fullscreenElement));
  const [overlay, setOverlay] = useState(true);

  useEffect(() => {
    if (!params) return;
    window.history.replaceState(window.history.state, '', withoutSignature(window.location.href));
    document.documentElement.requestFullscreen?.().catch(() => {});
    const onChange = () => setFullscreen(Boolean(document.fullscreenElement));
    document.addEventListener('fullscreenchange', onChange);
    const timer = window.setTimeout(() => setOverlay(false), MEETING.overlayMs);
    return () => {
      document.removeEventListener('fullscreenchange', onChange);
      window.clearTimeout(timer);
    };
  }, [params]);

  if (!params) return <InvalidParameters />;

  return (
    <div className={classes.screen}>
      {!fullscreen && (
        <button
          type="button"
          className={classes.close}
          onClick={closeMeetingWindow}
          aria-label="Close meeting"
        >
          <IconX size={20} aria-hidden />
        </button>
      )}
      {overlay && (
        <Center className={classes.overlay} role="status" aria-label="Joining meeting">
          <Stack gap={4} align="center">
            <Title order={1} size="h4" c="white">
              Joining meeting…
            </Title>
            <Text c="gray.3">Meeting ID: {params.meetingId}</Text>
            <Text c="gray.3">User: {params.userName}</Text>
            <Text c="gray.3">
              Role: {params.role === MEETING.hostRole ? 'Host (Teacher)' : 'Participant (Student)'}
            </Text>
            {params.scheduleId && <Text c="gray.3">Schedule ID: {params.scheduleId}</Text>}
            {params.zoomAccountId && <Text c="gray.3">Zoom account: {params.zoomAccountId}</Text>}
          </Stack>
        </Center>
      )}
    </div>
  );
}
