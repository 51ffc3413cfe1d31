// How a cancelled lesson reads wherever it is listed (the class's lessons, the Schedules page, the
// dashboard): its reason, and who cancelled it when (docs/decisions/020).
import { Text } from '@mantine/core';
import type { LessonDto } from '#common/lessons.ts';
import { t } from '#web/i18n/index.ts';
import { formatDateTime } from '#web/lib/dates.ts';

/** A cancelled lesson's reason, and who cancelled it when. */
export function CancellationNote({ lesson }: { lesson: LessonDto }) {
  const cancellation = lesson.cancellation;
  if (lesson.status !== 'cancelled' || !cancellation) return null;
  return (
    <>
      <Text size="sm" c="error" data-testid="cancel-reason">
        {t('lessonChange.cancelledReason', { reason: cancellation.reason })}
      </Text>
      {cancellation.cancelled_by_name && (
        <Text size="xs" c="dimmed">
          {t('lessonChange.cancelledBy', {
            name: cancellation.cancelled_by_name,
            time: formatDateTime(cancellation.cancelled_at),
          })}
        </Text>
      )}
    </>
  );
}
