// What a lesson says of its recordings (docs/decisions/034-recordings.md): 'Xem lại' for each
// recording still kept (a link to our own address, which checks the session and only then sends
// the viewer on to the provider's page: no passcode is ever in the page), that it was deleted
// when its retention ran out, or that a lesson in a room or on a link has none.
import { Button, Group, Text } from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import type { LessonDto } from '#common/lessons.ts';
import type { ClassRecordingsDto } from '#common/recordings.ts';
import { t } from '#web/i18n/index.ts';
import { useClassRecordings } from './api.ts';

export function LessonRecordings({
  lesson,
  recordings,
}: {
  lesson: LessonDto;
  /** The class's answer (useClassRecordings); undefined while it loads. */
  recordings: ClassRecordingsDto | undefined;
}) {
  const mine = recordings?.items.find((item) => item.schedule_id === lesson.schedule_id);
  if (!mine || lesson.status === 'cancelled') return null;
  if (!mine.recordable) {
    return (
      <Text size="xs" c="dimmed">
        {t('recordings.none')}
      </Text>
    );
  }
  const kept = mine.recordings.filter((recording) => recording.watch_path);
  const deleted = mine.recordings.some((recording) => recording.status === 'deleted');
  return (
    <>
      {kept.length > 0 && (
        <Group gap="xs">
          {kept.map((recording, index) => (
            <Button
              key={recording.recording_id}
              component="a"
              href={recording.watch_path ?? undefined}
              target="_blank"
              rel="noopener noreferrer"
              size="xs"
              variant="light"
              leftSection={<IconPlayerPlay size={14} aria-hidden />}
              aria-label={t('recordings.watchLabel', { topic: lesson.topic })}
            >
              {kept.length > 1
                ? t('recordings.watchPart', { n: index + 1 })
                : t('recordings.watch')}
            </Button>
          ))}
        </Group>
      )}
      {deleted && kept.length === 0 && (
        <Text size="xs" c="dimmed">
          {t('recordings.deleted')}
        </Text>
      )}
    </>
  );
}

/**
 * A held lesson's 'Xem lại' where the lesson is shown alone (the dashboard's cards): reads its
 * class's recordings, shared by every lesson of that class on the page. Says nothing while they
 * load, when there are none, or to one who may not see them (a make-up visitor of another class).
 */
export function HeldLessonRecordings({ lesson }: { lesson: LessonDto }) {
  const recordings = useClassRecordings(lesson.class_id);
  const mine = recordings.data?.items.find((item) => item.schedule_id === lesson.schedule_id);
  if (!mine?.recordings.some((recording) => recording.watch_path)) return null;
  return <LessonRecordings lesson={lesson} recordings={recordings.data} />;
}
