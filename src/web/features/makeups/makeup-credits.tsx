// A student's make-up credits ('Học bù', docs/decisions/032): each with the lesson it replaces, its
// class, when it expires, its state and the lesson it was booked into. Who may book (admin and
// staff; the student when the center allows it) books an unused one ('Đặt học bù') or cancels a
// booking before its lesson starts. On the student's attendance page and in the student's details
// for admin and staff.
import { Badge, Button, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { MakeupCreditDto, MakeupState } from '#common/makeups.ts';
import { confirmThen } from '#web/components/confirm.tsx';
import { QueryState } from '#web/components/query-state.tsx';
import { ResponsiveTable } from '#web/components/responsive-table.tsx';
import { t } from '#web/i18n/index.ts';
import { formatDate, formatDateTime } from '#web/lib/dates.ts';
import { errorText, noticeText } from '#web/lib/error-text.ts';
import { notifyError, notifySuccess } from '#web/lib/notify.ts';
import { useCancelMakeup, useMakeupCredits } from './api.ts';
import { BookMakeupDialog } from './book-makeup-dialog.tsx';

const STATE_COLOR: Record<MakeupState, string> = {
  available: 'primary',
  booked: 'success',
  used: 'gray',
  expired: 'error',
};

const missedText = (credit: MakeupCreditDto) =>
  `${credit.missed.topic} · ${formatDate(credit.missed.start_time)}`;

function CreditRow({
  credit,
  mayBook,
  onBook,
}: {
  credit: MakeupCreditDto;
  mayBook: boolean;
  onBook: () => void;
}) {
  const cancel = useCancelMakeup();
  const lesson = missedText(credit);
  const cancelBooking = () =>
    confirmThen({
      title: t('makeups.cancelBooking'),
      message: t('makeups.cancelConfirm', {
        lesson: credit.booking
          ? `${credit.booking.class_name} ${formatDateTime(credit.booking.start_time)}`
          : '',
      }),
      danger: true,
      onConfirm: () =>
        cancel.mutate(credit.credit_id, {
          onSuccess: (result) => notifySuccess(noticeText(result)),
          onError: (error) => notifyError(errorText(error)),
        }),
    });
  return (
    <Table.Tr data-testid="makeup-credit">
      <Table.Td>{lesson}</Table.Td>
      <Table.Td>{credit.missed.class_name}</Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(credit.expires_at)}</Table.Td>
      <Table.Td>
        <Stack gap={2}>
          <Badge color={STATE_COLOR[credit.state]} variant="light" tt="none">
            {t(`makeups.state.${credit.state}`)}
          </Badge>
          {credit.booking && (
            <Text size="sm">
              {credit.booking.class_name} · {formatDateTime(credit.booking.start_time)}
            </Text>
          )}
        </Stack>
      </Table.Td>
      <Table.Td>
        {mayBook && credit.state === 'available' && (
          <Button size="xs" onClick={onBook} aria-label={t('makeups.bookFor', { lesson })}>
            {t('makeups.book')}
          </Button>
        )}
        {mayBook && credit.state === 'booked' && (
          <Button
            size="xs"
            variant="light"
            color="error"
            loading={cancel.isPending}
            onClick={cancelBooking}
          >
            {t('makeups.cancelBooking')}
          </Button>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

/** `studentId`: 'me' for the signed-in student's own. */
export function MakeupCredits({ studentId }: { studentId: 'me' | string }) {
  const query = useMakeupCredits(studentId);
  const [booking, setBooking] = useState<MakeupCreditDto | null>(null);
  const data = query.data;
  // Admin and staff read any student's (and book); a student books only when the center allows.
  const mayBook = studentId !== 'me' || Boolean(data?.students_book);
  return (
    <Stack gap="xs" data-testid="makeup-credits">
      <Title order={2} size="h4">
        {t('makeups.section')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('makeups.hint')}
      </Text>
      {!data ? (
        <QueryState query={query} errorMessage={t('makeups.loadFailed')} />
      ) : data.items.length === 0 ? (
        <Text c="dimmed">{t('makeups.none')}</Text>
      ) : (
        <>
          <ResponsiveTable minWidth={640} stickyLastColumn label={t('makeups.section')}>
            <Table striped aria-label={t('makeups.section')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('makeups.missed')}</Table.Th>
                  <Table.Th>{t('makeups.class')}</Table.Th>
                  <Table.Th>{t('makeups.expires')}</Table.Th>
                  <Table.Th>{t('makeups.usedFor')}</Table.Th>
                  <Table.Th aria-label={t('makeups.book')} />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.items.map((credit) => (
                  <CreditRow
                    key={credit.credit_id}
                    credit={credit}
                    mayBook={mayBook}
                    onBook={() => setBooking(credit)}
                  />
                ))}
              </Table.Tbody>
            </Table>
          </ResponsiveTable>
          {!mayBook && data.items.some((credit) => credit.state === 'available') && (
            <Text size="sm" c="dimmed">
              {t('makeups.askCenter')}
            </Text>
          )}
        </>
      )}
      <BookMakeupDialog credit={booking} onClose={() => setBooking(null)} />
    </Stack>
  );
}
