// Where a lesson is held, on its card and in lists: the video provider, its room's name, or the
// online link (never the address itself: 'Tham gia' opens it for who may).
import { Badge } from '@mantine/core';
import { IconDoor, IconLink, IconVideo } from '@tabler/icons-react';
import type { LessonDto } from '#common/lessons.ts';
import { t } from '#web/i18n/index.ts';
import { venueLabel } from './venue-fields.tsx';

export function VenueBadge({ lesson }: { lesson: Pick<LessonDto, 'venue' | 'room'> }) {
  const text =
    lesson.venue === 'room'
      ? t('venues.inRoom', { name: lesson.room?.name ?? '' })
      : lesson.venue === 'link'
        ? t('venues.online')
        : venueLabel(lesson.venue);
  const Icon = lesson.venue === 'room' ? IconDoor : lesson.venue === 'link' ? IconLink : IconVideo;
  return (
    <Badge
      variant="outline"
      color="gray"
      tt="none"
      maw="100%"
      leftSection={<Icon size={12} aria-hidden />}
      title={t('venues.lessonAt', { venue: text })}
      data-testid="lesson-venue"
    >
      {text}
    </Badge>
  );
}
