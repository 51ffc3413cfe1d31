// A record's own history (issue 30): a 'Lịch sử' button that opens the record's audit entries,
// newest first. Shown to whoever reads the audit log (the admin) in a person's, a class's and an
// invoice's details; a lesson's row has it as an icon named after the lesson.
import { ActionIcon, Button, Modal, Tooltip } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { useState } from 'react';
import type { AuditRecordType } from '#common/audit.ts';
import { hasPermission } from '#common/permissions.ts';
import { ListPagination } from '#web/components/list-pagination.tsx';
import { QueryState } from '#web/components/query-state.tsx';
import { useSession } from '#web/features/auth/index.ts';
import { t } from '#web/i18n/index.ts';
import { useRecordHistory } from './api.ts';
import { EntryTable } from './entry-table.tsx';

export function RecordHistoryButton({
  type,
  id,
  name,
}: {
  type: AuditRecordType;
  id: string;
  /** Given: an icon button labelled 'Lịch sử: {name}' (rows of a list); else a text button. */
  name?: string;
}) {
  const role = useSession().data?.user.role;
  const [opened, setOpened] = useState(false);
  const [page, setPage] = useState(1);
  const history = useRecordHistory(type, id, page, opened);
  if (!role || !hasPermission(role, 'view_audit_log')) return null;
  return (
    <>
      {name === undefined ? (
        <Button
          variant="default"
          size="xs"
          leftSection={<IconHistory size={16} aria-hidden />}
          onClick={() => setOpened(true)}
        >
          {t('audit.history')}
        </Button>
      ) : (
        <Tooltip label={t('audit.historyOf', { name })}>
          <ActionIcon
            variant="subtle"
            aria-label={t('audit.historyOf', { name })}
            onClick={() => setOpened(true)}
          >
            <IconHistory size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
      )}
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title={t('audit.historyTitle')}
        size="xl"
      >
        {history.data ? (
          <>
            <EntryTable entries={history.data.items} label={t('audit.historyTitle')} />
            <ListPagination list={history.data} page={page} onChange={setPage} />
          </>
        ) : (
          <QueryState query={history} errorMessage={t('audit.loadFailed')} />
        )}
      </Modal>
    </>
  );
}
