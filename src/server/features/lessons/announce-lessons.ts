// Tells open tabs (every process) that a class's lessons changed.
import { EVENT } from '#common/events.ts';
import type { AppContext } from '#server/context.ts';
import { TOPIC_CHANGE } from './lesson-list.ts';

export const announceLessons = (
  ctx: AppContext,
  classId: string,
  which: { scheduleId?: string; topicOnly?: boolean } = {},
) =>
  ctx.events.publish({
    type: EVENT.schedules,
    data: {
      class_id: classId,
      ...(which.scheduleId ? { schedule_id: which.scheduleId } : {}),
      ...(which.topicOnly ? { change: TOPIC_CHANGE } : {}),
    },
  });
