// 'Đặt học bù' (docs/decisions/032): the lessons a credit can be booked into — pending lessons of
// other classes with a make-up seat left, before the credit expires, clashing with none of the
// student's — searchable by class, teacher or topic; one is chosen and booked. On a phone the
// dialog fills the screen and each lesson is a card.
import {
  Badge,
  Button,
  Group,
  Modal,
  Paper,
  ScrollArea,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import type { MakeupCreditDto, MakeupLessonDto } from '#common/makeups.ts';
import { matchesSearch } from '#common/search-fold.ts';
import { QueryState } from '#web/components/query-state.tsx';
import { t } from '#web/i18n/index.ts';
import { formatDate, formatDateTime, formatTime } from '#web/lib/dates.ts';
import { errorText, noticeText } from '#web/lib/error-text.ts';
import { notifyError, notifySuccess } from '#web/lib/notify.ts';
import { useBookMakeup, useMakeupLessons } from './api.ts';

const lessonText = (lesson: MakeupLessonDto) =>
  [lesson.class_name, lesson.teacher_name ?? '', lesson.topic, lesson.room_name ?? ''].join(' ');

function LessonCard({
  lesson,
  busy,
  onChoose,
}: {
  lesson: MakeupLessonDto;
  busy: boolean;
  onChoose: () => void;
}) {
  const time = `${formatDateTime(lesson.start_time)}–${formatTime(lesson.end_time)}`;
  return (
    <Paper withBorder p="sm" radius="md" data-testid="makeup-lesson">
      <Group justify="space-between" align="center" wrap="wrap" gap="xs">
        <Stack gap={2} miw={0} style={{ flex: '1 1 14rem' }}>
          <Text fw={600}>{lesson.class_name}</Text>
          <Text size="sm">{time}</Text>
          <Text size="sm" c="dimmed">
            {lesson.topic}
            {lesson.teacher_name ? ` · ${t('makeups.teacher')}: ${lesson.teacher_name}` : ''}
            {lesson.room_name ? ` · ${lesson.room_name}` : ''}
          </Text>
        </Stack>
        <Group gap="xs" wrap="nowrap">
          <Badge variant="light" tt="none" aria-label={t('makeups.seats')}>
            {t('makeups.seatsLeft', { count: lesson.seats_left })}
          </Badge>
          <Button
            size="sm"
            loading={busy}
            onClick={onChoose}
            aria-label={t('makeups.chooseLesson', { class: lesson.class_name, time })}
          >
            {t('makeups.choose')}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}

export function BookMakeupDialog({
  credit,
  onClose,
}: {
  /** The credit to book; null: closed. */
  credit: MakeupCreditDto | null;
  onClose: () => void;
}) {
  const phone = useMediaQuery('(max-width: 36em)');
  const lessons = useMakeupLessons(credit?.credit_id ?? null);
  const book = useBookMakeup();
  const [search, setSearch] = useState('');
  const [choosing, setChoosing] = useState<string | null>(null);
  const close = () => {
    setSearch('');
    onClose();
  };
  const items = lessons.data?.items ?? [];
  const shown = items.filter((lesson) => matchesSearch(lessonText(lesson), search));
  const choose = (lesson: MakeupLessonDto) => {
    if (!credit) return;
    setChoosing(lesson.schedule_id);
    book.mutate(
      { creditId: credit.credit_id, scheduleId: lesson.schedule_id },
      {
        onSuccess: (result) => {
          notifySuccess(noticeText(result));
          close();
        },
        onError: (error) => notifyError(errorText(error)),
        onSettled: () => setChoosing(null),
      },
    );
  };
  return (
    <Modal
      opened={credit !== null}
      onClose={close}
      title={t('makeups.dialogTitle')}
      size="lg"
      fullScreen={phone}
      centered
    >
      {credit && (
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t('makeups.dialogHint', {
              lesson: `${credit.missed.topic} ${formatDate(credit.missed.start_time)}`,
              class: credit.missed.class_name,
              date: formatDate(credit.expires_at),
            })}
          </Text>
          <TextInput
            label={t('makeups.search')}
            leftSection={<IconSearch size={16} aria-hidden />}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
          />
          {!lessons.data ? (
            <QueryState query={lessons} errorMessage={t('makeups.loadFailed')} />
          ) : items.length === 0 ? (
            <Text c="dimmed">{t('makeups.noLessons')}</Text>
          ) : shown.length === 0 ? (
            <Text c="dimmed">{t('makeups.noMatch')}</Text>
          ) : (
            <ScrollArea.Autosize mah={phone ? undefined : '60vh'}>
              <Stack gap="xs">
                {shown.map((lesson) => (
                  <LessonCard
                    key={lesson.schedule_id}
                    lesson={lesson}
                    busy={choosing === lesson.schedule_id}
                    onChoose={() => choose(lesson)}
                  />
                ))}
              </Stack>
            </ScrollArea.Autosize>
          )}
        </Stack>
      )}
    </Modal>
  );
}
