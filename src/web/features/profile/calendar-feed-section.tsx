// The profile dialog's calendar part: the user's private feed URL with a copy button, a new URL
// (the old one stops working) and revoking it. The server makes the token; the URL is the key, and
// only its hash is kept: the URL shows when it is made, afterwards only that a link exists.
import {
  ActionIcon,
  Alert,
  Button,
  CopyButton,
  Group,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import type { Notice } from '#common/notice.ts';
import { confirmThen } from '#web/components/confirm.tsx';
import { t } from '#web/i18n/index.ts';
import { formatDateTime } from '#web/lib/dates.ts';
import { errorText, noticeText } from '#web/lib/error-text.ts';
import { notifyError, notifySuccess } from '#web/lib/notify.ts';
import {
  useCalendarFeed,
  useNewCalendarFeedUrl,
  useRenewCalendarFeed,
  useRevokeCalendarFeed,
} from './api.ts';

/** A copy button for a URL, named for screen readers, that says when the copy failed. */
export function CopyUrlButton({ url, label }: { url: string; label: string }) {
  return (
    <CopyButton value={url}>
      {({ copied, copy }) => (
        <Tooltip label={copied ? t('calendar.copied') : label}>
          <ActionIcon
            variant="subtle"
            aria-label={label}
            onClick={() => {
              if (!navigator.clipboard) return notifyError(t('calendar.copyFailed'));
              navigator.clipboard
                .writeText(url)
                .then(copy, () => notifyError(t('calendar.copyFailed')));
            }}
          >
            {copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
          </ActionIcon>
        </Tooltip>
      )}
    </CopyButton>
  );
}

export function CalendarFeedSection() {
  const feed = useCalendarFeed();
  const renew = useRenewCalendarFeed();
  const revoke = useRevokeCalendarFeed();
  const exists = feed.data?.exists ?? false;
  // Made in this tab; a link made earlier is not shown again (only its hash is kept).
  const newUrl = useNewCalendarFeedUrl();
  const url = exists ? newUrl : null;
  const onDone = {
    onSuccess: (reply: Partial<Notice>) => reply.code && notifySuccess(noticeText(reply as Notice)),
    onError: (error: unknown) => notifyError(errorText(error)),
  };
  const askRenew = () =>
    exists
      ? confirmThen({
          title: t('calendar.renewTitle'),
          message: t('calendar.renewMessage'),
          onConfirm: () => renew.mutate(undefined, onDone),
        })
      : renew.mutate(undefined, onDone);
  const askRevoke = () =>
    confirmThen({
      title: t('calendar.revokeTitle'),
      message: t('calendar.revokeMessage'),
      danger: true,
      confirmText: t('calendar.revoke'),
      onConfirm: () => revoke.mutate(undefined, onDone),
    });

  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        {t('calendar.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('calendar.hint')}
      </Text>
      {url && (
        <TextInput
          label={t('calendar.url')}
          value={url}
          readOnly
          onFocus={(event) => event.currentTarget.select()}
          rightSection={<CopyUrlButton url={url} label={t('calendar.copy')} />}
          description={t('calendar.shownOnce')}
        />
      )}
      {exists && !url && feed.data?.created_at && (
        <Text size="sm">
          {t('calendar.exists', { date: formatDateTime(feed.data.created_at) })}
        </Text>
      )}
      {/* A URL on localhost or plain http works in no calendar app: said before it is pasted. */}
      {url && feed.data?.reachable_from_internet === false && (
        <Alert color="warning" variant="light" title={t('calendar.unreachableTitle')}>
          {t('calendar.unreachable')}
        </Alert>
      )}
      <Group justify="flex-end">
        {exists && (
          <Button variant="subtle" color="error" onClick={askRevoke} loading={revoke.isPending}>
            {t('calendar.revoke')}
          </Button>
        )}
        <Button
          variant="light"
          onClick={askRenew}
          loading={renew.isPending}
          disabled={feed.isPending}
        >
          {exists ? t('calendar.renew') : t('calendar.create')}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * For admin and staff in a class's dialog: their feed narrowed to that class, to copy, while the
 * link made in this tab is known (a link made earlier is not shown again).
 */
export function ClassCalendarLink({ classId }: { classId: string }) {
  const feed = useCalendarFeed();
  const newUrl = useNewCalendarFeedUrl();
  const url = feed.data?.exists ? newUrl : null;
  if (!url) return null;
  return (
    <Group gap={4}>
      <Text size="sm" c="dimmed">
        {t('calendar.oneClass')}
      </Text>
      <CopyUrlButton url={`${url}?class=${classId}`} label={t('calendar.oneClass')} />
    </Group>
  );
}
