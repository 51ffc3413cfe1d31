// /children, a parent's page of their children (issue 29, docs/decisions/036-parents.md), phone
// first: a child picker when there are several, then the chosen child's lessons (coming, then
// past), attendance (the student's own 'Điểm danh của tôi' for the child), classes (read-only) and
// tuition (balance and a link to the invoices and the VietQR to pay).
import { Anchor, Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import { Link } from 'wouter';
import type { ChildDto } from '#common/family.ts';
import { PageHeader } from '#web/components/page-header.tsx';
import { QueryState } from '#web/components/query-state.tsx';
import { StudentAttendance } from '#web/features/attendance/index.ts';
import { t } from '#web/i18n/index.ts';
import { useChildLessons, useChildren } from './api.ts';
import { ChildLessonCard } from './child-lesson-card.tsx';
import { ChildPicker, useChosenChild } from './child-picker.tsx';
import { BalanceLine } from './family-dashboard.tsx';

function ChildLessons({ child }: { child: ChildDto }) {
  const lessons = useChildLessons(child.user_id);
  const now = Date.now();
  const items = lessons.data?.items ?? [];
  const coming = items.filter((lesson) => Date.parse(lesson.end_time) > now);
  // The most recent first: what a parent asks about is the last lesson.
  const past = items.filter((lesson) => Date.parse(lesson.end_time) <= now).reverse();
  return (
    <QueryState query={lessons}>
      <Stack gap="md">
        {items.length === 0 && <Text c="dimmed">{t('family.noLessons')}</Text>}
        {coming.length > 0 && (
          <section aria-label={t('family.upcoming')}>
            <Title order={2} size="h5" mb="xs">
              {t('family.upcoming')}
            </Title>
            <Stack gap="sm">
              {coming.map((lesson) => (
                <ChildLessonCard key={lesson.schedule_id} lesson={lesson} />
              ))}
            </Stack>
          </section>
        )}
        {past.length > 0 && (
          <section aria-label={t('family.pastLessons')}>
            <Title order={2} size="h5" mb="xs">
              {t('family.pastLessons')}
            </Title>
            <Stack gap="sm">
              {past.map((lesson) => (
                <ChildLessonCard key={lesson.schedule_id} lesson={lesson} />
              ))}
            </Stack>
          </section>
        )}
      </Stack>
    </QueryState>
  );
}

function ChildClasses({ child }: { child: ChildDto }) {
  if (child.classes.length === 0) return <Text c="dimmed">{t('family.noClasses')}</Text>;
  return (
    <Stack gap="sm">
      {child.classes.map((klass) => (
        <Paper key={klass.class_id} withBorder radius="md" p="sm" data-testid="child-class">
          <Text fw={600}>{klass.class_name}</Text>
        </Paper>
      ))}
      <Text size="sm" c="dimmed">
        {t('family.calendarHint')}{' '}
        <Anchor component={Link} href="/profile">
          →
        </Anchor>
      </Text>
    </Stack>
  );
}

export default function ChildrenPage() {
  const children = useChildren();
  const { chosen, choose } = useChosenChild(children.data?.items);
  return (
    <>
      <PageHeader title={t('family.childTitle')} subtitle={t('family.childSubtitle')} />
      <QueryState query={children}>
        {!chosen ? (
          <Text c="dimmed">{t('family.noChildren')}</Text>
        ) : (
          <Stack gap="md">
            <ChildPicker children={children.data?.items ?? []} chosen={chosen} onChange={choose} />
            <Title order={2} size="h3" data-testid="chosen-child">
              {chosen.full_name}
            </Title>
            <Tabs defaultValue="lessons" keepMounted={false}>
              <Tabs.List grow>
                <Tabs.Tab value="lessons">{t('family.tab.lessons')}</Tabs.Tab>
                <Tabs.Tab value="attendance">{t('family.tab.attendance')}</Tabs.Tab>
                <Tabs.Tab value="classes">{t('family.tab.classes')}</Tabs.Tab>
                <Tabs.Tab value="tuition">{t('family.tab.tuition')}</Tabs.Tab>
              </Tabs.List>
              <Tabs.Panel value="lessons" pt="md">
                <ChildLessons key={chosen.user_id} child={chosen} />
              </Tabs.Panel>
              <Tabs.Panel value="attendance" pt="md">
                <StudentAttendance key={chosen.user_id} studentId={chosen.user_id} />
              </Tabs.Panel>
              <Tabs.Panel value="classes" pt="md">
                <ChildClasses child={chosen} />
              </Tabs.Panel>
              <Tabs.Panel value="tuition" pt="md">
                <BalanceLine child={chosen} />
              </Tabs.Panel>
            </Tabs>
          </Stack>
        )}
      </QueryState>
    </>
  );
}
