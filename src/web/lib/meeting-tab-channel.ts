// How a meeting tab tells the tab that opened it what happened, so a card whose meeting tab closed
// without joining says why (the meeting page's error screen is gone with the tab). It travels as a
// localStorage write, which other same-origin tabs hear as a 'storage' event: written at once,
// even from a closing page. Nothing secret travels here.
import { t } from '#web/i18n/index.ts';
import { notifyError } from './notify.ts';

const KEY = 'edu:meeting-tab';

export type MeetingTabNews =
  | { scheduleId: string; state: 'joined' }
  | { scheduleId: string; state: 'failed'; message: string }
  | { scheduleId: string; state: 'closed' };

export function tellOpener(news: MeetingTabNews): void {
  try {
    // A nonce: writing the same news twice must still be heard.
    localStorage.setItem(KEY, JSON.stringify({ ...news, nonce: Math.random() }));
  } catch {
    // Storage refused (private mode quota): the card simply says nothing.
  }
}

/** How long a card listens for its meeting tab's news (a lesson is at most 12 hours). */
const LISTEN_MS = 12 * 3_600_000;

/**
 * Listens for the meeting tab of a lesson this page opened: when it says it closed without having
 * joined, `onClosedEarly` gets the failure it reported (if any). The tab's own news is the only
 * source: the meeting page is cross-origin isolated, so the opener's handle on it reads as closed
 * from the moment it loads (a new browsing context group) and cannot be watched.
 */
export function watchMeetingTab(
  scheduleId: string,
  onClosedEarly: (failure: string | undefined) => void,
): () => void {
  let failure: string | undefined;
  const stop = () => {
    window.clearTimeout(timer);
    window.removeEventListener('storage', onStorage);
  };
  const timer = window.setTimeout(stop, LISTEN_MS);
  const onStorage = (event: StorageEvent) => {
    if (event.key !== KEY || !event.newValue) return;
    let news: MeetingTabNews;
    try {
      news = JSON.parse(event.newValue) as MeetingTabNews;
    } catch {
      return;
    }
    if (news?.scheduleId !== scheduleId) return;
    if (news.state === 'joined') stop();
    else if (news.state === 'failed') failure = news.message;
    else {
      stop();
      onClosedEarly(failure);
    }
  };
  window.addEventListener('storage', onStorage);
  return stop;
}

/** When a meeting tab closes before it joined, the page that opened it says what happened. */
export function sayWhenMeetingTabFails(scheduleId: string): void {
  watchMeetingTab(scheduleId, (failure) =>
    notifyError(
      failure ? t('meetingTab.closedBecause', { reason: failure }) : t('meetingTab.closed'),
      t('meetingTab.closedTitle'),
    ),
  );
}
