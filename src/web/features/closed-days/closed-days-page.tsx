// /closed-days: the center's closed days of a year. Everyone signed in reads them; admin and staff
// add days (or take the proposed public holidays), rename and remove them, and see the lessons
// still planned on closed days, to cancel or move each.
import { ActionIcon, Button, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { IconCalendarPlus, IconPencil, IconSparkles } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import type { ClosedDayDto } from '#common/closed-days.ts';
import type { LessonDto } from '#common/lessons.ts';
import { hasPermission } from '#common/permissions.ts';
import { confirmDeletion } from '#web/components/confirm.tsx';
import { DeleteIconButton } from '#web/components/delete-icon-button.tsx';
import { PageHeader } from '#web/components/page-header.tsx';
import { QueryState } from '#web/components/query-state.tsx';
import { useSession } from '#web/features/auth/index.ts';
import { LessonChangeMenu, mayChangeLesson } from '#web/features/classes/index.ts';
import { t } from '#web/i18n/index.ts';
import { inCenter } from '#web/lib/dates.ts';
import { errorText, noticeText } from '#web/lib/error-text.ts';
import { lazyDialog } from '#web/lib/lazy-dialog.tsx';
import { notifyError, notifySuccess } from '#web/lib/notify.ts';
import { closedDayKeys, useClosedDayLessons, useClosedDays, useRemoveClosedDay } from './api.ts';
import { ClosedDayLessons } from './closed-day-lessons.tsx';
import { formatDay } from './day-format.ts';

// Its dialogs load when first opened, not with the page (src/web/lib/lazy-dialog.tsx).
const AddClosedDaysModal = lazyDialog(
  () => import('./add-closed-days-modal.tsx').then((m) => m.AddClosedDaysModal),
  ({ opened }) => opened,
);

const HolidayProposalsModal = lazyDialog(
  () => import('./holiday-proposals-modal.tsx').then((m) => m.HolidayProposalsModal),
  ({ opened }) => opened,
);

const RenameClosedDayModal = lazyDialog(
  () => import('./rename-closed-day-modal.tsx').then((m) => m.RenameClosedDayModal),
  ({ day }) => day !== null,
);

/**
 * What may be done to a lesson on a closed day: moved or cancelled, in the classes feature's own
 * dialogs; the closed days' lists are read again after.
 */
function useLessonActions(): (lesson: LessonDto) => ReactNode {
  const queryClient = useQueryClient();
  const role = useSession().data!.user.role;
  return (lesson) =>
    mayChangeLesson(role, lesson) ? (
      <LessonChangeMenu
        lesson={lesson}
        onChanged={() => void queryClient.invalidateQueries({ queryKey: closedDayKeys.all })}
      />
    ) : null;
}

export default function ClosedDaysPage() {
  const session = useSession();
  const manages = hasPermission(session.data!.user.role, 'manage_closed_days');
  const thisYear = inCenter(Date.now()).year();
  const [year, setYear] = useState(thisYear);
  const days = useClosedDays(year);
  const lessons = useClosedDayLessons(year, manages);
  const remove = useRemoveClosedDay();
  const [dialog, setDialog] = useState<'add' | 'propose' | null>(null);
  const lessonActions = useLessonActions();
  const [renaming, setRenaming] = useState<ClosedDayDto | null>(null);
  const names = new Map((days.data?.items ?? []).map((day) => [day.date, day.name]));
  const years = [thisYear - 1, thisYear, thisYear + 1, thisYear + 2].map(String);

  const removeDay = (day: ClosedDayDto) =>
    confirmDeletion(
      t('closedDays.deleteTitle'),
      t('closedDays.deleteMessage', { date: formatDay(day.date), name: day.name }),
      () =>
        remove.mutate(day.date, {
          onSuccess: (result) => notifySuccess(noticeText(result)),
          onError: (error) => notifyError(errorText(error)),
        }),
    );

  return (
    <>
      <PageHeader
        title={t('closedDays.title')}
        subtitle={t('closedDays.subtitle')}
        action={
          manages && (
            <Group gap="xs">
              <Button
                variant="default"
                leftSection={<IconSparkles size={16} aria-hidden />}
                onClick={() => setDialog('propose')}
              >
                {t('closedDays.propose')}
              </Button>
              <Button
                leftSection={<IconCalendarPlus size={16} aria-hidden />}
                onClick={() => setDialog('add')}
              >
                {t('closedDays.add')}
              </Button>
            </Group>
          )
        }
      />
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
          <Title order={2} size="h4">
            {t('closedDays.list', { year })}
          </Title>
          <Select
            label={t('closedDays.year')}
            data={years}
            value={String(year)}
            onChange={(value) => value && setYear(Number(value))}
            allowDeselect={false}
            w={120}
          />
        </Group>
        <QueryState query={days}>
          {days.data?.items.length === 0 ? (
            <Text c="dimmed" size="sm">
              {t('closedDays.empty', { year })}
            </Text>
          ) : (
            <Stack
              gap="xs"
              component="ul"
              aria-label={t('closedDays.list', { year })}
              p={0}
              m={0}
              style={{ listStyle: 'none' }}
            >
              {days.data?.items.map((day) => (
                <Paper key={day.date} component="li" withBorder radius="md" p="sm">
                  <Group justify="space-between" wrap="nowrap" gap="xs">
                    <Stack gap={0} style={{ minWidth: 0 }}>
                      <Text fw={600} size="sm">
                        {formatDay(day.date)}
                      </Text>
                      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                        {day.name}
                      </Text>
                    </Stack>
                    {manages && (
                      <Group gap={4} wrap="nowrap">
                        <ActionIcon
                          variant="subtle"
                          aria-label={t('closedDays.renameNamed', { date: formatDay(day.date) })}
                          onClick={() => setRenaming(day)}
                        >
                          <IconPencil size={16} aria-hidden />
                        </ActionIcon>
                        <DeleteIconButton
                          label={t('closedDays.deleteNamed', { date: formatDay(day.date) })}
                          onClick={() => removeDay(day)}
                        />
                      </Group>
                    )}
                  </Group>
                </Paper>
              ))}
            </Stack>
          )}
        </QueryState>
        {manages && (
          <Stack gap="xs">
            <Title order={2} size="h4">
              {t('closedDays.lessonsTitle')}
            </Title>
            <QueryState query={lessons}>
              {lessons.data?.items.length === 0 ? (
                <Text c="dimmed" size="sm">
                  {t('closedDays.noLessons', { year })}
                </Text>
              ) : (
                <>
                  <Text size="sm" c="dimmed">
                    {t('closedDays.lessonsHint')}
                  </Text>
                  <ClosedDayLessons
                    lessons={lessons.data?.items ?? []}
                    closedDays={names}
                    label={t('closedDays.lessonsTitle')}
                    actions={lessonActions}
                  />
                </>
              )}
            </QueryState>
          </Stack>
        )}
      </Stack>
      <AddClosedDaysModal
        opened={dialog === 'add'}
        onClose={() => setDialog(null)}
        lessonActions={lessonActions}
      />
      <HolidayProposalsModal
        opened={dialog === 'propose'}
        onClose={() => setDialog(null)}
        lessonActions={lessonActions}
      />
      <RenameClosedDayModal day={renaming} onClose={() => setRenaming(null)} />
    </>
  );
}
