// Schedules (product.md §2): 'My Teaching Schedule' for teachers, 'Schedule Management' otherwise;
// tabs all/pending/active/completed with counts, and cancelled (product.md, Deviations), as a
// dropdown under 650 px of content width; a click opens the class details, read-only; a pending
// lesson's menu moves or cancels it for admin and staff; searched and sorted on the server.
import { Center, Select, Stack, Tabs, Text } from '@mantine/core';
import { useState } from 'react';
import { ListPagination } from '#web/components/list-pagination.tsx';
import { ListSearchBar, useListSearch } from '#web/components/list-search.tsx';
import { PageHeader } from '#web/components/page-header.tsx';
import { QueryState } from '#web/components/query-state.tsx';
import { useSession } from '#web/features/auth/index.ts';
import {
  ClassDetailsDialog,
  EndLessonButton,
  LessonChangeMenu,
  mayChangeLesson,
} from '#web/features/classes/index.ts';
import { t } from '#web/i18n/index.ts';
import { LESSON_SORTS, type LessonSortValue, type StatusTab, useSchedulesPage } from './api.ts';
import { LessonCard } from './lesson-card.tsx';
import classes from './schedules-page.module.css';

const TABS: StatusTab[] = ['all', 'pending', 'active', 'completed', 'cancelled'];

export default function SchedulesPage() {
  const session = useSession();
  const role = session.data!.user.role;
  const [tab, setTab] = useState<StatusTab>('all');
  const search = useListSearch<LessonSortValue>('-start_time');
  const { page, setPage } = search;
  const [openClassId, setOpenClassId] = useState<string | null>(null);
  const list = useSchedulesPage(tab, search);
  const counts = list.data?.counts;
  const label = (value: StatusTab) => `${t(`schedules.tab.${value}`)} (${counts?.[value] ?? 0})`;
  const choose = (value: string | null) => {
    setTab((value as StatusTab) ?? 'all');
    setPage(1);
  };

  return (
    <div className={classes.container}>
      <PageHeader
        title={role === 'teacher' ? t('schedules.title.teacher') : t('schedules.title.manager')}
      />
      <ListSearchBar search={search} sorts={LESSON_SORTS} />
      <Tabs value={tab} onChange={choose} className={classes.tabs} mb="md">
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
        value={tab}
        onChange={choose}
        allowDeselect={false}
      />
      <QueryState query={list} errorMessage={t('error.SCHEDULES_LOAD_FAILED')}>
        <Stack gap="sm">
          {list.data?.items.length === 0 && (
            <Center p="xl">
              <Text c="dimmed">{t('schedules.empty')}</Text>
            </Center>
          )}
          {list.data?.items.map((lesson) => (
            <LessonCard
              key={lesson.schedule_id}
              lesson={lesson}
              onOpen={() => setOpenClassId(lesson.class_id)}
              action={
                lesson.status === 'active' ? (
                  <EndLessonButton lesson={lesson} />
                ) : mayChangeLesson(role, lesson) ? (
                  <LessonChangeMenu lesson={lesson} />
                ) : undefined
              }
            />
          ))}
        </Stack>
      </QueryState>
      <ListPagination list={list.data} page={page} onChange={setPage} />
      <ClassDetailsDialog classId={openClassId} onClose={() => setOpenClassId(null)} readOnly />
    </div>
  );
}
