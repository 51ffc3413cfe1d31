// The joining overlay's lines about the Zoom account hosting the lesson (product.md §2 /meeting):
// its id from the lesson or the address, and its state once the page has looked it up.
import { Text } from '@mantine/core';
import type { MeetingAccountDto } from '#common/providers/zoom/contracts.ts';
import type { MeetingParams } from './meeting-params.ts';

export function MeetingAccountLines({
  params,
  account,
}: {
  params: MeetingParams;
  account: MeetingAccountDto | null;
}) {
  const accountId = account?.zoom_account_id ?? params.zoomAccountId;
  return (
    <>
      {accountId && <Text c="gray.3">Zoom account: {accountId}</Text>}
      {account && (
        <Text c="gray.3" data-testid="meeting-account">
          {account.email} · {account.is_busy ? 'BUSY' : 'FREE'} ·{' '}
          {account.is_active ? 'ACTIVE' : 'INACTIVE'}
        </Text>
      )}
    </>
  );
}
