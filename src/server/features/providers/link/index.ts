// A lesson held on the online meeting link its class keeps (Google Meet, Teams, Jitsi; docs/
// decisions/019-rooms-and-links.md): the app makes no meeting, it opens the class's address in a
// new tab. The address is taken when the lesson starts and kept with its meeting; who may open
// it is the core's rule (the class's students, its teacher, admin and staff). Same lifecycle as a
// room: no webhook, no status, ended by hand or by the expiry job.
import { AppError } from '#server/errors.ts';
import {
  type LessonMeeting,
  type MeetingLesson,
  NO_CAPABILITIES,
  type ProviderModule,
  type VideoProvider,
} from '../provider.ts';

export const LINK = 'link';

export const linkProvider: VideoProvider = {
  id: LINK,
  capabilities: NO_CAPABILITIES,
  async createMeeting(lesson: MeetingLesson) {
    if (!lesson.link) throw new AppError('VENUE_LINK_MISSING');
    return { externalId: null, join: { url: lesson.link }, secret: {} };
  },
  async launch(meeting: LessonMeeting) {
    const url = meeting.join.url;
    if (!url) throw new AppError('VENUE_LINK_MISSING');
    return { open: 'link' as const, data: { url } };
  },
};

export const linkModule: ProviderModule<Record<string, never>> = {
  id: LINK,
  settings: () => ({ settings: {} }),
  create: () => linkProvider,
  routes: [],
};
