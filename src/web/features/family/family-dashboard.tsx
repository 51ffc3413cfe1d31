// A parent's dashboard (issue 29): each child (siblings one after another) with their lessons of
// today and the upcoming ones (the student's cards, without a join or start button), their recent
// attendance, and their tuition balance with a link to pay.
import { Anchor, Badge, Button, Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'wouter';
import type { ChildDto } from '#common/family.ts';
import type { LessonDto } from '#common/lessons.ts';
import { PageHeader } from '#web/components/page-header.tsx';
import { QueryState } from '#web/components/query-state.tsx';
import { useStudentAttendance } from '#web/features/attendance/index.ts';
import { money, tuitionPathOf } from '#web/features/tuition/index.ts';
import { t } from '#web/i18n/index.ts';
import { formatDateTime } from '#web/lib/dates.ts';
import { useChildDashboard, useChildren } from './api.ts';
import { ChildLessonCard } from './child-lesson-card.tsx';

const RECENT_MARKS = 5;
const STATUS_COLOR = { present: 'success', late: 'warning', absent: 'error', excused: 'gray' };

/** The balance in the theme's darker shades: the 600s fail contrast on the page (axe: 3.1:1). */
export function BalanceLine({ child }: { child: ChildDto }) {
  const [text, color] =
    child.balance > 0
      ? [t('family.owes', { amount: money(child.balance) }), 'error.8']
      : child.balance < 0
        ? [t('family.credit', { amount: money(-child.balance) }), 'success.8']
        : [t('family.settled'), 'success.8'];
  return (
    <Paper withBorder radius="md" p="sm">
      <Group justify="space-between" gap="xs">
        <Stack gap={0}>
          <Text size="sm" c="dimmed">
            {t('family.balance')}
          </Text>
          <Text fw={700} c={color} data-testid="child-balance">
            {text}
          </Text>
        </Stack>
        <Button component={Link} href={tuitionPathOf(child.user_id)} variant="light" size="sm">
          {t('family.pay')}
        </Button>
      </Group>
    </Paper>
  );
}

function RecentAttendance({
  child,
  attendance,
}: {
  child: ChildDto;
  attendance: ReturnType<typeof useStudentAttendance>;
}) {
  const marks = (attendance.data?.classes ?? [])
    .flatMap((klass) =>
      klass.lessons
        .filter((lesson) => lesson.status !== null)
        .map((lesson) => ({ ...lesson, class_name: klass.class_name })),
    )
    .sort((a, b) => Date.parse(b.start_time) - Date.parse(a.start_time))
    .slice(0, RECENT_MARKS);
  return (
    <section aria-label={`${t('family.recentAttendance')}: ${child.full_name}`}>
      <Title order={3} size="h5" mb="xs">
        {t('family.recentAttendance')}
      </Title>
      <QueryState query={attendance}>
        {marks.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('family.noAttendance')}
          </Text>
        ) : (
          <Stack gap={6}>
            {marks.map((mark) => (
              <Group
                key={mark.schedule_id}
                justify="space-between"
                wrap="nowrap"
                gap="xs"
                data-testid="child-mark"
              >
                <Stack gap={0} miw={0}>
                  <Text size="sm" fw={500} truncate>
                    {mark.class_name}: {mark.topic}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {formatDateTime(mark.start_time)}
                  </Text>
                </Stack>
                <Badge
                  color={STATUS_COLOR[mark.status!]}
                  variant="light"
                  tt="none"
                  style={{ flexShrink: 0 }}
                >
                  {t(`attendance.status.${mark.status!}`)}
                </Badge>
              </Group>
            ))}
          </Stack>
        )}
      </QueryState>
    </section>
  );
}

function LessonSection({
  title,
  lessons,
  empty,
}: {
  title: string;
  lessons: LessonDto[] | undefined;
  empty: string;
}) {
  return (
    <section aria-label={title}>
      <Title order={3} size="h5" mb="xs">
        {title}
      </Title>
      <Stack gap="sm">
        {lessons?.length === 0 && (
          <Center p="xs">
            <Text size="sm" c="dimmed">
              {empty}
            </Text>
          </Center>
        )}
        {lessons?.map((lesson) => (
          <ChildLessonCard key={lesson.schedule_id} lesson={lesson} />
        ))}
      </Stack>
    </section>
  );
}

function ChildSection({ child }: { child: ChildDto }) {
  const dashboard = useChildDashboard(child.user_id);
  // Asked for at once, shown under the lessons once they are there: above them it would be moved
  // down when they arrive (Lighthouse: a layout shift of 0.14 on a phone).
  const attendance = useStudentAttendance(child.user_id);
  return (
    <Paper
      component="section"
      aria-label={child.full_name}
      withBorder
      radius="md"
      p="md"
      data-testid="child-section"
    >
      <Stack gap="md">
        <Group justify="space-between" gap="xs">
          <Stack gap={0} miw={0}>
            <Title order={2} size="h4">
              {child.full_name}
            </Title>
            <Text size="sm" c="dimmed">
              {child.classes.length === 0
                ? t('family.noClasses')
                : t('family.classes', {
                    classes: child.classes.map((klass) => klass.class_name).join(', '),
                  })}
            </Text>
          </Stack>
          <Anchor component={Link} href={`/children?child=${child.user_id}`} size="sm">
            {t('family.openChild')}
          </Anchor>
        </Group>
        <BalanceLine child={child} />
        <QueryState query={dashboard}>
          <Stack gap="md">
            <LessonSection
              title={t('family.today')}
              lessons={dashboard.data?.today}
              empty={t('family.emptyToday')}
            />
            <LessonSection
              title={t('family.upcoming')}
              lessons={dashboard.data?.upcoming}
              empty={t('family.emptyUpcoming')}
            />
            <RecentAttendance child={child} attendance={attendance} />
          </Stack>
        </QueryState>
      </Stack>
    </Paper>
  );
}

/** The parent's dashboard, greeting them by name. */
export function FamilyDashboard({ name }: { name: string }) {
  const children = useChildren();
  return (
    <>
      <PageHeader title={t('family.greeting', { name })} subtitle={t('family.subtitle')} />
      <QueryState query={children}>
        <Stack gap="lg">
          {children.data?.items.length === 0 && <Text c="dimmed">{t('family.noChildren')}</Text>}
          {children.data?.items.map((child) => (
            <ChildSection key={child.user_id} child={child} />
          ))}
        </Stack>
      </QueryState>
    </>
  );
}
