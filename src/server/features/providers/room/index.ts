// A lesson held in one of the center's rooms (docs/decisions/019-rooms-and-links.md): no video at
// all, so no settings, routes or capabilities. Starting one marks it running and opens nothing;
// it ends by hand (its teacher, admin, staff) or by the expiry job once its end time has passed.
// The rooms themselves are the center's list (features/rooms), not this provider's.
import { AppError } from '#server/errors.ts';
import {
  type LessonMeeting,
  type MeetingLesson,
  NO_CAPABILITIES,
  type ProviderModule,
  type VideoProvider,
} from '../provider.ts';

export const ROOM = 'room';

export const roomProvider: VideoProvider = {
  id: ROOM,
  capabilities: NO_CAPABILITIES,
  /** The room's name is what anyone in the lesson sees of it; there is no secret. */
  async createMeeting(lesson: MeetingLesson) {
    if (!lesson.room) throw new AppError('VENUE_ROOM_REQUIRED');
    return { externalId: null, join: { room: lesson.room.name }, secret: {} };
  },
  async launch(meeting: LessonMeeting) {
    return { open: 'none' as const, data: { room: meeting.join.room ?? '' } };
  },
};

export const roomModule: ProviderModule<Record<string, never>> = {
  id: ROOM,
  settings: () => ({ settings: {} }),
  create: () => roomProvider,
  routes: [],
};
