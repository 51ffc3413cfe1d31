// Dashboard (product.md §2): greeting, Today and Upcoming (at most 5) lesson cards, each with its
// venue and the button of its state: a tag when completed, cancelled (struck through, with its
// reason) or past its end; when active a tag for staff roles and 'Tham gia' for students; otherwise
// 'Bắt đầu' for staff roles and a disabled 'Chờ bắt đầu' for students. 'Đang xử lý...' while
// working. A lesson in a room opens nothing (its start is told in a toast); one on the class's link
// opens the link in a new tab, also for staff (who reopen it as its starters).
// Admin and staff see the whole center: their Today is the day's lessons counted by state and the
// next ones (at most 10), with 'Xem tất cả' opening the Schedules page on today (product.md,
// Deviations).
import { Anchor, Badge, Button, Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { DASHBOARD_RELOAD_AFTER_START_MS, type Role } from '#common/constants.ts';
import type { TodayCounts } from '#common/dashboard.ts';
import { actsOnLesson } from '#common/lesson-rules.ts';
import type { LessonDto } from '#common/lessons.ts';
import { hasPermission } from '#common/permissions.ts';
import { hasHostedMeeting } from '#common/venue-ids.ts';
import { CancellationNote } from '#web/components/cancellation-note.tsx';
import { ClassTag } from '#web/components/color-tag.tsx';
import { lessonTeacherText } from '#web/components/lesson-teacher.tsx';
import { PageHeader } from '#web/components/page-header.tsx';
import { QueryState } from '#web/components/query-state.tsx';
import { useSession } from '#web/features/auth/index.ts';
import { FamilyDashboard } from '#web/features/family/index.ts';
import { LessonReportButton } from '#web/features/lesson-reports/index.ts';
import { meetingUrl } from '#web/features/providers/index.ts';
import { HeldLessonRecordings } from '#web/features/recordings/index.ts';
import { VenueBadge } from '#web/features/rooms/index.ts';
import { t } from '#web/i18n/index.ts';
import { formatDate, formatTime, inCenter } from '#web/lib/dates.ts';
import { errorText } from '#web/lib/error-text.ts';
import { type LessonState, lessonState, stateColor, stateLabel } from '#web/lib/lesson-status.ts';
import { meetingErrorTitle } from '#web/lib/meeting-errors.ts';
import { sayWhenMeetingTabFails } from '#web/lib/meeting-tab-channel.ts';
import { notifyError, notifySuccess } from '#web/lib/notify.ts';
import { useDashboard, useJoinLesson, useStartLesson } from './api.ts';
import classes from './dashboard-page.module.css';

/** The current time, moved on every 30 s so buttons change when a window opens. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 30_000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

/** What every card's button depends on besides its lesson. */
interface Viewer {
  role: Role;
  userId: string;
  /** How long before its start a lesson may be started (from the server). */
  earlyStartMinutes: number;
}

function LessonAction({
  lesson,
  viewer: { role, userId, earlyStartMinutes },
}: {
  lesson: LessonDto;
  viewer: Viewer;
}) {
  const start = useStartLesson();
  const join = useJoinLesson();
  const queryClient = useQueryClient();
  const [working, setWorking] = useState(false);
  const now = useNow();
  const state = lessonState(lesson, now);
  const isStudent = role === 'student';
  // Admin and teacher may also join a running lesson as participants (product.md §6 join_meeting);
  // staff reopen a running lesson on a link as its starters (the start of a running lesson opens
  // it again). A lesson in a room has nothing to open once it runs.
  const inRoom = lesson.venue === 'room';
  const reopensAsStarter =
    !hasPermission(role, 'join_meeting') &&
    !hasHostedMeeting(lesson.venue) &&
    hasPermission(role, 'start_meeting');
  const mayJoinRunning =
    !isStudent && !inRoom && (hasPermission(role, 'join_meeting') || reopensAsStarter);

  const tag = (
    <Badge color={stateColor[state]} variant="light" tt="none" size="lg">
      {stateLabel(lesson, now)}
    </Badge>
  );
  // Who may neither join nor start a lesson (a parent) sees its state only.
  if (!hasPermission(role, 'join_meeting') && !hasPermission(role, 'start_meeting')) return tag;
  // A covered lesson is the substitute's to start: its class's teacher sees who covers it instead.
  const coveredByOther = !actsOnLesson({ user_id: userId, role }, lesson);
  // A held lesson on the video provider offers its recording beside its tag, once there is one.
  // A held lesson offers its report ('Nhận xét buổi học'), and on the video provider its
  // recording beside its tag, once there is one.
  if (state === 'completed' || state === 'overdue') {
    return (
      <Group gap="xs">
        {tag}
        {hasHostedMeeting(lesson.venue) && <HeldLessonRecordings lesson={lesson} />}
        <LessonReportButton lesson={lesson} />
      </Group>
    );
  }
  if (
    coveredByOther ||
    state === 'cancelled' ||
    (state === 'active' && ((!isStudent && !mayJoinRunning) || inRoom))
  ) {
    return tag;
  }
  if (working) {
    return (
      <Button disabled loading={false}>
        {t('dashboard.processing')}
      </Button>
    );
  }
  if (isStudent && state !== 'active') {
    return <Button disabled>{t('dashboard.wait')}</Button>;
  }
  // Before the early-start window the button says when it opens instead of failing.
  const opensAt = Date.parse(lesson.start_time) - earlyStartMinutes * 60_000;
  if (!isStudent && state !== 'active' && now < opensAt) {
    const sameDay = inCenter(opensAt).isSame(inCenter(now), 'day');
    return (
      <Button disabled title={t('dashboard.startWindow', { minutes: earlyStartMinutes })}>
        {t('dashboard.startsAt', {
          time: inCenter(opensAt).format(sameDay ? 'HH:mm' : 'HH:mm DD/MM'),
        })}
      </Button>
    );
  }

  const launch = (mutation: typeof start) => {
    setWorking(true);
    // Opened before the request so the browser treats it as a reaction to the click (a room's
    // lesson opens nothing).
    const tab = inRoom ? null : window.open('about:blank', '_blank');
    mutation.mutate(lesson.schedule_id, {
      onSuccess: (result) => {
        const url = meetingUrl(result);
        if (result.open === 'none') {
          tab?.close();
          const room = typeof result.launch.room === 'string' ? result.launch.room : '';
          notifySuccess(room ? t('venues.roomStarted', { room }) : t('venues.started'));
        } else if (!tab) {
          notifyError(t('error.MEETING_TAB_BLOCKED'), t('meetingError.tabBlocked'));
        } else if (!url) {
          // A lesson with nothing to open (held in a room).
          tab.close();
        } else {
          tab.location.href = url;
          // Only this app's meeting page reports back; a link's page (Meet, Teams) never does.
          if (result.open === 'meeting-page') sayWhenMeetingTabFails(lesson.schedule_id);
        }
        setTimeout(
          () => void queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
          DASHBOARD_RELOAD_AFTER_START_MS,
        );
      },
      onError: (error) => {
        tab?.close();
        notifyError(errorText(error), meetingErrorTitle(error));
      },
      onSettled: () => setWorking(false),
    });
  };

  if (state === 'active') {
    const joinButton = (
      <Button color="success" onClick={() => launch(reopensAsStarter ? start : join)}>
        {t('dashboard.join')}
      </Button>
    );
    return isStudent ? (
      joinButton
    ) : (
      <Group gap="xs" wrap="nowrap">
        {tag}
        {joinButton}
      </Group>
    );
  }
  return <Button onClick={() => launch(start)}>{t('dashboard.start')}</Button>;
}

function LessonCard({ lesson, viewer }: { lesson: LessonDto; viewer: Viewer }) {
  const struck = lesson.status === 'cancelled' ? 'line-through' : undefined;
  return (
    <Paper withBorder radius="md" p="md" className={classes.card} data-testid="dashboard-lesson">
      <div className={classes.cardBody}>
        <Stack gap={4} miw={0}>
          <Text fw={700} td={struck}>
            {lesson.topic}
          </Text>
          <Group gap="xs">
            <ClassTag name={lesson.class.class_name} />
            {lessonTeacherText(lesson) && (
              <Text size="sm" c="dimmed">
                {lessonTeacherText(lesson)}
              </Text>
            )}
            <VenueBadge lesson={lesson} />
          </Group>
          <Text size="sm" c="dimmed" td={struck}>
            {formatDate(lesson.start_time)} · {formatTime(lesson.start_time)} –{' '}
            {formatTime(lesson.end_time)}
          </Text>
          <CancellationNote lesson={lesson} />
        </Stack>
        <div className={classes.action}>
          <LessonAction lesson={lesson} viewer={viewer} />
        </div>
      </div>
    </Paper>
  );
}

function LessonCards({
  lessons,
  empty,
  viewer,
}: {
  lessons?: LessonDto[];
  empty: string;
  viewer: Viewer;
}) {
  return (
    <Stack gap="sm">
      {lessons?.length === 0 && (
        <Center p="md">
          <Text c="dimmed">{empty}</Text>
        </Center>
      )}
      {lessons?.map((lesson) => (
        <LessonCard key={lesson.schedule_id} lesson={lesson} viewer={viewer} />
      ))}
    </Stack>
  );
}

function LessonList({
  title,
  lessons,
  empty,
  viewer,
}: {
  title: string;
  lessons?: LessonDto[];
  empty: string;
  viewer: Viewer;
}) {
  return (
    <section aria-label={title}>
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      <LessonCards lessons={lessons} empty={empty} viewer={viewer} />
    </section>
  );
}

/** The states counted, in the order a day goes through them. */
const COUNTED_STATES: (keyof TodayCounts & LessonState)[] = [
  'active',
  'pending',
  'completed',
  'overdue',
  'cancelled',
];

/**
 * The center's day for admin and staff: how many lessons are in each state, the next ones (running
 * or to come), and a link to all of them on the Schedules page.
 */
function CenterToday({
  counts,
  next,
  date,
  viewer,
}: {
  counts: TodayCounts;
  next: LessonDto[];
  date: string;
  viewer: Viewer;
}) {
  const title = t('dashboard.today');
  return (
    <section aria-label={title}>
      <Group justify="space-between" align="baseline" mb="sm" wrap="wrap" gap="xs">
        <Title order={2} size="h4">
          {title}
        </Title>
        {counts.all > 0 && (
          <Anchor component={Link} href={`/schedules?dates=range&from=${date}&to=${date}`}>
            {t('dashboard.seeAllToday')}
          </Anchor>
        )}
      </Group>
      {counts.all === 0 ? (
        <Center p="md">
          <Text c="dimmed">{t('dashboard.emptyToday')}</Text>
        </Center>
      ) : (
        <Stack gap="md">
          <div>
            <Text size="sm" fw={600} mb={6}>
              {t('dashboard.todayTotal', { count: counts.all })}
            </Text>
            <Group gap="xs" component="ul" aria-label={t('dashboard.todayByState')} p={0} m={0}>
              {COUNTED_STATES.map((state) => (
                <Badge
                  key={state}
                  component="li"
                  color={stateColor[state]}
                  variant="light"
                  tt="none"
                  size="lg"
                  data-testid={`today-count-${state}`}
                >
                  {t(`lesson.status.${state}`)}: {counts[state]}
                </Badge>
              ))}
            </Group>
          </div>
          <section aria-label={t('dashboard.nextLessons')}>
            <Title order={3} size="h5" mb="xs">
              {t('dashboard.nextLessons')}
            </Title>
            <LessonCards lessons={next} empty={t('dashboard.noMoreToday')} viewer={viewer} />
          </section>
        </Stack>
      )}
    </section>
  );
}

export default function DashboardPage() {
  const session = useSession();
  const dashboard = useDashboard();
  const user = session.data?.user;
  // Signing out clears the session a moment before the page is left.
  if (!user) return null;
  // A parent's dashboard is their children's (issue 29).
  if (user.role === 'parent') {
    return (
      <div className={classes.container}>
        <FamilyDashboard name={user.full_name} />
      </div>
    );
  }
  const viewer: Viewer = {
    role: user.role,
    userId: user.user_id,
    earlyStartMinutes: dashboard.data?.earlyStartMinutes ?? 0,
  };
  return (
    <div className={classes.container}>
      <PageHeader
        title={t('dashboard.greeting', { name: user.full_name })}
        subtitle={t('dashboard.subtitle')}
      />
      <QueryState query={dashboard}>
        <Stack gap="xl">
          {dashboard.data?.todayCounts ? (
            <CenterToday
              counts={dashboard.data.todayCounts}
              next={dashboard.data.today}
              date={dashboard.data.date}
              viewer={viewer}
            />
          ) : (
            <LessonList
              title={t('dashboard.today')}
              lessons={dashboard.data?.today}
              empty={t('dashboard.emptyToday')}
              viewer={viewer}
            />
          )}
          <LessonList
            title={t('dashboard.upcoming')}
            lessons={dashboard.data?.upcoming}
            empty={t('dashboard.emptyUpcoming')}
            viewer={viewer}
          />
        </Stack>
      </QueryState>
    </div>
  );
}
