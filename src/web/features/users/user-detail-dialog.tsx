import { Badge, Group, Modal, Stack, Table } from '@mantine/core';
import type { UserDto } from '../../../common/dto.ts';
import { UserAvatar } from '../../components/user-avatar.tsx';
import { t } from '../../i18n/index.ts';
import { formatDate } from '../../lib/dates.ts';

/** Account details (SPEC.md §2): name, email, role, status, created date. */
export function UserDetailDialog({ user, onClose }: { user: UserDto | null; onClose: () => void }) {
  return (
    <Modal opened={user !== null} onClose={onClose} title={t('users.detail.title')} centered>
      {user && (
        <Stack>
          <Group justify="center">
            <UserAvatar name={user.full_name} url={user.avatar_url} size={72} />
          </Group>
          <Table variant="vertical" withTableBorder>
            <Table.Tbody>
              <Table.Tr>
                <Table.Th w={140}>{t('users.col.fullName')}</Table.Th>
                <Table.Td>{user.full_name}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t('users.col.email')}</Table.Th>
                <Table.Td>{user.email}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t('users.col.role')}</Table.Th>
                <Table.Td>{user.role}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t('users.col.status')}</Table.Th>
                <Table.Td>
                  <Badge color={user.is_active ? 'success' : 'gray'} variant="light">
                    {user.is_active ? t('common.active') : t('common.inactive')}
                  </Badge>
                </Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t('users.col.created')}</Table.Th>
                <Table.Td>{formatDate(user.created_at)}</Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
        </Stack>
      )}
    </Modal>
  );
}
