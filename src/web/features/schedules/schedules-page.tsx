// Schedules (product.md §2 and Deviations): 'My Teaching Schedule' for teachers, 'Schedule
// Management' otherwise; tabs all/pending/active/completed with counts, and cancelled (a dropdown
// under 650 px of content width). It opens on this week's lessons in time order; a list (searched,
// sorted and paged on the server) or a week grid; filtered by dates, and for admin and staff by
// class and teacher; all of it kept in the address (page-state.ts). A click opens the class,
// read-only; a pending lesson's menu moves or cancels it for admin and staff.
import { Alert, Button, Center, Group, Select, Stack, Tabs, Text } from '@mantine/core';
import { useState } from 'react';
import type { Role } from '#common/constants.ts';
import { WEEK_LESSON_LIMIT } from '#common/lesson-rules.ts';
import type { LessonDto } from '#common/lessons.ts';
import { ListPagination } from '#web/components/list-pagination.tsx';
import { ListSearchBar } from '#web/components/list-search.tsx';
import { PageHeader } from '#web/components/page-header.tsx';
import { QueryState } from '#web/components/query-state.tsx';
import { useSession } from '#web/features/auth/index.ts';
import {
  ClassDetailsDialog,
  EndLessonButton,
  LessonChangeMenu,
  MarkLessonButton,
  mayChangeLesson,
} from '#web/features/classes/index.ts';
import { t } from '#web/i18n/index.ts';
import { LESSON_SORTS, type StatusTab, useSchedulesPage, useScheduleWeek } from './api.ts';
import { LessonCard } from './lesson-card.tsx';
import {
  filterParams,
  periodParams,
  type SchedulesPageState,
  useSchedulesPageState,
} from './page-state.ts';
import { ScheduleToolbar } from './schedule-toolbar.tsx';
import classes from './schedules-page.module.css';
import { WeekView } from './week-view.tsx';

const TABS: StatusTab[] = ['all', 'pending', 'active', 'completed', 'cancelled'];

export default function SchedulesPage() {
  const session = useSession();
  const role = session.data!.user.role;
  const managesCenter = role === 'admin' || role === 'staff';
  const { state, update, search } = useSchedulesPageState();
  const [openClassId, setOpenClassId] = useState<string | null>(null);
  const weekView = state.view === 'week';
  const filters = filterParams(state);
  const list = useSchedulesPage(search, { ...filters, ...periodParams(state) });
  const week = useScheduleWeek(state.week, filters, weekView);
  const shown = weekView ? week : list;
  const counts = shown.data?.counts as Partial<Record<StatusTab, number>> | undefined;
  const label = (value: StatusTab) => `${t(`schedules.tab.${value}`)} (${counts?.[value] ?? 0})`;
  const choose = (value: string | null) => update({ status: (value as StatusTab) ?? 'all' });
  const user = session.data!.user;
  // A lesson a teacher only covers opens no class: the class is not theirs (docs/decisions/031).
  const open = (lesson: LessonDto) => {
    if (user.role === 'teacher' && lesson.class.teacher_id !== user.user_id) return;
    setOpenClassId(lesson.class_id);
  };
  const filtered =
    state.status !== 'all' || Boolean(state.classId || state.teacherId || state.roomId || state.q);
  const clearFilters = () => {
    search.setTyped('');
    update({ status: 'all', classId: '', teacherId: '', roomId: '', q: '' });
  };

  return (
    <div className={classes.container}>
      <PageHeader
        title={role === 'teacher' ? t('schedules.title.teacher') : t('schedules.title.manager')}
        action={
          filtered ? (
            <Button variant="subtle" onClick={clearFilters}>
              {t('schedules.clearFilters')}
            </Button>
          ) : undefined
        }
      />
      <ScheduleToolbar state={state} update={update} managesCenter={managesCenter} />
      <ListSearchBar search={search} sorts={weekView ? [] : LESSON_SORTS} />
      <Tabs value={state.status} onChange={choose} className={classes.tabs} mb="md">
        <Tabs.List>
          {TABS.map((value) => (
            <Tabs.Tab key={value} value={value}>
              {label(value)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <Select
        className={classes.dropdown}
        mb="md"
        label={t('schedules.filter')}
        data={TABS.map((value) => ({ value, label: label(value) }))}
        value={state.status}
        onChange={choose}
        allowDeselect={false}
      />
      {weekView ? (
        <QueryState query={week} errorMessage={t('error.SCHEDULES_LOAD_FAILED')}>
          {week.data?.more && (
            <Alert color="warning" mb="md">
              {t('schedules.week.more', { limit: WEEK_LESSON_LIMIT })}
            </Alert>
          )}
          {week.data?.items.length === 0 && (
            <Text c="dimmed" mb="sm">
              {t('schedules.week.empty')}
            </Text>
          )}
          <WeekView monday={state.week} lessons={week.data?.items ?? []} onOpen={open} />
        </QueryState>
      ) : (
        <LessonList state={state} list={list} onOpen={open} setPage={search.setPage} role={role} />
      )}
      <ClassDetailsDialog classId={openClassId} onClose={() => setOpenClassId(null)} readOnly />
    </div>
  );
}

function LessonList({
  state,
  list,
  onOpen,
  setPage,
  role,
}: {
  role: Role;
  state: SchedulesPageState;
  list: ReturnType<typeof useSchedulesPage>;
  onOpen: (lesson: LessonDto) => void;
  setPage: (page: number) => void;
}) {
  return (
    <>
      <QueryState query={list} errorMessage={t('error.SCHEDULES_LOAD_FAILED')}>
        <Stack gap="sm">
          {list.data?.items.length === 0 && (
            <Center p="xl">
              <Text c="dimmed">
                {state.period === 'week' ? t('schedules.week.empty') : t('schedules.empty')}
              </Text>
            </Center>
          )}
          {list.data?.items.map((lesson) => (
            <LessonCard
              key={lesson.schedule_id}
              lesson={lesson}
              onOpen={() => onOpen(lesson)}
              action={
                lesson.status === 'active' ? (
                  // A running lesson is marked from here too: a substitute does not reach its
                  // class's lessons (docs/decisions/031).
                  <Group gap="xs" wrap="nowrap" align="center">
                    <MarkLessonButton lesson={lesson} />
                    <EndLessonButton lesson={lesson} />
                  </Group>
                ) : mayChangeLesson(role, lesson) ? (
                  <LessonChangeMenu lesson={lesson} />
                ) : undefined
              }
            />
          ))}
        </Stack>
      </QueryState>
      <ListPagination list={list.data} page={state.page} onChange={setPage} />
    </>
  );
}
