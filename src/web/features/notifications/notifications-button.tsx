// The right sidebar's notifications button (product.md §2): the unread count on the bell, the list
// newest first with mark read and mark all read, 'Tham gia' on a started lesson for students, and,
// once the user opts in from here, a system notification for each new one while the app is open.
import {
  ActionIcon,
  Box,
  Button,
  Group,
  Indicator,
  Popover,
  ScrollArea,
  Stack,
  Text,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { IconBell, IconCheck } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import { formatMoney } from '#common/money.ts';
import type { NotificationDto } from '#common/notifications.ts';
import { useSession } from '#web/features/auth/index.ts';
import { useJoinLesson } from '#web/features/dashboard/index.ts';
import { meetingUrl } from '#web/features/providers/index.ts';
import { hasText, language, type MessageKey, t } from '#web/i18n/index.ts';
import { formatDate, formatDateTime, formatTime } from '#web/lib/dates.ts';
import { errorText } from '#web/lib/error-text.ts';
import { meetingErrorTitle } from '#web/lib/meeting-errors.ts';
import { sayWhenMeetingTabFails } from '#web/lib/meeting-tab-channel.ts';
import { notifyError } from '#web/lib/notify.ts';
import { useMarkAllRead, useMarkRead, useNotifications } from './api.ts';

/** A start, or a lesson's start and end ('18:00–19:30 15/03/2030') when the end is known. */
const when = (start: string | undefined, end: string | undefined) => {
  if (!start) return '';
  return end
    ? `${formatTime(start)}–${formatTime(end)} ${formatDate(start)}`
    : formatDateTime(start);
};

/** The types that name a first lesson and count the others changed with it. */
const SEVERAL_LESSONS = new Set<NotificationDto['type']>([
  'lesson_moved',
  'lesson_cancelled',
  'substitute_given',
  'substitute_taken_back',
  'lesson_covered',
  'lesson_given_back',
]);

/** The notification's title and text in the current language. */
export function notificationText(notification: NotificationDto): { title: string; body: string } {
  const p = notification.params;
  const more = Number(p.count ?? '1') - 1;
  const values = {
    class_name: p.class_name ?? '',
    topic: p.topic ?? '',
    time: when(p.start_time, p.end_time),
    new_time: when(p.new_start_time, p.new_end_time),
    date: p.start_date ? formatDate(p.start_date) : p.due_date ? formatDate(p.due_date) : '',
    number: p.number ?? '',
    amount: p.amount ? formatMoney(Number(p.amount), language) : '',
    reason: p.reason ?? '',
    old_email: p.old_email ?? '',
    new_email: p.new_email ?? '',
    substitute: p.substitute_name ?? '',
    child: p.child_name ?? '',
    error: p.error ?? '',
    more,
  };
  const base = `notifications.${notification.type}`;
  // Moves and cancellations of several lessons name the first and count the rest.
  const several = more > 0 && SEVERAL_LESSONS.has(notification.type);
  // A lesson report told to a parent names their child (docs/decisions/037).
  const forParent = p.child_name && hasText(`${base}.bodyChild`);
  const body = several ? `${base}.bodyMore` : forParent ? `${base}.bodyChild` : `${base}.body`;
  const text = t(body as MessageKey, values);
  return {
    title: t(`${base}.title` as MessageKey),
    // A parent's copy of their child's notification says whose it is (issue 29).
    body:
      p.child_name && !forParent && notification.type !== 'child_absent'
        ? t('notifications.forChild', { child: p.child_name, text })
        : text,
  };
}

const systemNotifications = typeof Notification !== 'undefined';

/** A system notification for each unread one that arrives while the app is open (if allowed). */
function useSystemNotifications(items: readonly NotificationDto[] | undefined) {
  const seen = useRef<Set<string> | null>(null);
  useEffect(() => {
    if (!items) return;
    if (seen.current === null) {
      // What was there when the app opened is not news.
      seen.current = new Set(items.map((n) => n.notification_id));
      return;
    }
    for (const notification of items) {
      if (seen.current.has(notification.notification_id)) continue;
      seen.current.add(notification.notification_id);
      if (notification.read_at || !systemNotifications) continue;
      if (Notification.permission !== 'granted') continue;
      const { title, body } = notificationText(notification);
      new Notification(title, { body, tag: notification.notification_id });
    }
  }, [items]);
}

function NotificationItem({ notification }: { notification: NotificationDto }) {
  const role = useSession().data?.user.role;
  const markRead = useMarkRead();
  const join = useJoinLesson();
  const { title, body } = notificationText(notification);
  const unread = notification.read_at === null;
  const joinLesson = (scheduleId: string) => {
    // Opened before the request so the browser treats it as a reaction to the click.
    const tab = window.open('about:blank', '_blank');
    if (unread) markRead.mutate(notification.notification_id);
    join.mutate(scheduleId, {
      onSuccess: (launch) => {
        const url = meetingUrl(launch);
        if (!tab) notifyError(t('error.MEETING_TAB_BLOCKED'), t('meetingError.tabBlocked'));
        else if (!url) tab.close();
        else {
          tab.location.href = url;
          sayWhenMeetingTabFails(scheduleId);
        }
      },
      onError: (error) => {
        tab?.close();
        notifyError(errorText(error), meetingErrorTitle(error));
      },
    });
  };
  return (
    <Box
      data-testid="notification-item"
      data-unread={unread || undefined}
      p="xs"
      style={{
        borderRadius: 8,
        background: unread ? 'var(--mantine-color-primary-light)' : undefined,
      }}
    >
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
        <Stack gap={2} miw={0}>
          <Text size="sm" fw={unread ? 700 : 500}>
            {title}
          </Text>
          <Text size="sm">{body}</Text>
          <Text size="xs" c="dimmed">
            {formatDateTime(notification.created_at)}
          </Text>
        </Stack>
        {unread && (
          <Tooltip label={t('notifications.markRead')}>
            <ActionIcon
              variant="subtle"
              size="sm"
              aria-label={`${t('notifications.markRead')}: ${title}`}
              onClick={() => markRead.mutate(notification.notification_id)}
            >
              <IconCheck size={14} aria-hidden />
            </ActionIcon>
          </Tooltip>
        )}
      </Group>
      {notification.type.startsWith('invoice_') && (
        <Button
          component={Link}
          href={
            notification.params.child_id
              ? `/tuition?student=${notification.params.child_id}`
              : '/tuition'
          }
          size="xs"
          variant="light"
          mt={6}
          onClick={() => unread && markRead.mutate(notification.notification_id)}
        >
          {t('notifications.openTuition')}
        </Button>
      )}
      {notification.type === 'lesson_report' && (
        <Button
          component={Link}
          href="/lesson-reports"
          size="xs"
          variant="light"
          mt={6}
          onClick={() => unread && markRead.mutate(notification.notification_id)}
        >
          {t('notifications.openLessonReports')}
        </Button>
      )}
      {notification.type === 'lesson_started' && role === 'student' && notification.schedule_id && (
        <Button
          size="xs"
          color="success"
          mt={6}
          loading={join.isPending}
          onClick={() => joinLesson(notification.schedule_id!)}
        >
          {t('notifications.join')}
        </Button>
      )}
    </Box>
  );
}

function SystemNotificationsOptIn() {
  const [permission, setPermission] = useState(() =>
    systemNotifications ? Notification.permission : 'denied',
  );
  if (!systemNotifications || permission === 'granted') return null;
  if (permission === 'denied') {
    return (
      <Text size="xs" c="dimmed">
        {t('notifications.systemBlocked')}
      </Text>
    );
  }
  return (
    <UnstyledButton
      onClick={() => void Notification.requestPermission().then(setPermission)}
      fz="xs"
      c="primary"
    >
      {t('notifications.enableSystem')}
    </UnstyledButton>
  );
}

export function NotificationsButton() {
  const list = useNotifications();
  const markAll = useMarkAllRead();
  const unread = list.data?.unread ?? 0;
  useSystemNotifications(list.data?.items);
  const label =
    unread > 0
      ? `${t('profile.notifications')} (${t('notifications.unread', { count: unread })})`
      : t('profile.notifications');

  return (
    <Indicator
      disabled={unread === 0}
      label={unread > 99 ? '99+' : unread}
      size={18}
      color="error"
      offset={4}
      data-testid="notifications-count"
    >
      <Popover position="bottom" withArrow shadow="md" width={320}>
        <Popover.Target>
          <Tooltip label={label}>
            <ActionIcon variant="light" size="lg" aria-label={label}>
              <IconBell size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
        </Popover.Target>
        <Popover.Dropdown aria-label={t('profile.notifications')}>
          <Stack gap="xs" role="region" aria-label={t('profile.notifications')}>
            <Group justify="space-between" wrap="nowrap">
              <Text fw={700} size="sm">
                {t('profile.notifications')}
              </Text>
              <Button
                variant="subtle"
                size="compact-xs"
                disabled={unread === 0}
                loading={markAll.isPending}
                onClick={() => markAll.mutate()}
              >
                {t('notifications.markAllRead')}
              </Button>
            </Group>
            <SystemNotificationsOptIn />
            {list.isError && (
              <Text size="sm" c="error">
                {t('notifications.loadFailed')}
              </Text>
            )}
            {list.data?.items.length === 0 && <Text size="sm">{t('profile.noNotifications')}</Text>}
            <ScrollArea.Autosize mah={360} type="auto">
              <Stack gap={4}>
                {list.data?.items.map((notification) => (
                  <NotificationItem
                    key={notification.notification_id}
                    notification={notification}
                  />
                ))}
              </Stack>
            </ScrollArea.Autosize>
          </Stack>
        </Popover.Dropdown>
      </Popover>
    </Indicator>
  );
}
