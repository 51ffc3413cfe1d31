// How a meeting tab tells the tab that opened it what happened, so a card whose meeting tab closed
// without joining says why (the meeting page's error screen is gone with the tab). Same-origin
// tabs only; nothing secret travels here.
import { t } from '#web/i18n/index.ts';
import { notifyError } from './notify.ts';

const CHANNEL = 'edu-meeting-tab';

export type MeetingTabNews =
  | { scheduleId: string; state: 'joined' }
  | { scheduleId: string; state: 'failed'; message: string };

export function tellOpener(news: MeetingTabNews): void {
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(CHANNEL);
  channel.postMessage(news);
  channel.close();
}

/**
 * Watches a meeting tab this page opened: when it closes without having joined, `onClosedEarly`
 * gets the failure the tab reported (if it reported one). Stops once the tab joined or closed.
 */
export function watchMeetingTab(
  tab: Window,
  scheduleId: string,
  onClosedEarly: (failure: string | undefined) => void,
): () => void {
  let failure: string | undefined;
  let done = false;
  const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL);
  const stop = () => {
    done = true;
    window.clearInterval(timer);
    channel?.close();
  };
  if (channel) {
    channel.onmessage = (event: MessageEvent<MeetingTabNews>) => {
      if (event.data?.scheduleId !== scheduleId) return;
      if (event.data.state === 'joined') stop();
      else failure = event.data.message;
    };
  }
  const timer = window.setInterval(() => {
    if (done || !tab.closed) return;
    stop();
    onClosedEarly(failure);
  }, 500);
  return stop;
}

/** When a meeting tab closes before it joined, the page that opened it says what happened. */
export function sayWhenMeetingTabFails(tab: Window, scheduleId: string): void {
  watchMeetingTab(tab, scheduleId, (failure) =>
    notifyError(
      failure ? t('meetingTab.closedBecause', { reason: failure }) : t('meetingTab.closed'),
      t('meetingTab.closedTitle'),
    ),
  );
}
