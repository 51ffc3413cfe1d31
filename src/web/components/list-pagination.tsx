// The pager under every paged list: "n of m" and the page buttons, drawn only when there is more
// than one page. The page size is the server's (the reply's pageSize), never assumed here.
import { Group, Pagination, Text } from '@mantine/core';
import { t } from '#web/i18n/index.ts';

export interface PagedReply {
  total: number;
  pageSize: number;
}

export function pageCount(list: PagedReply | undefined): number {
  return list ? Math.max(1, Math.ceil(list.total / list.pageSize)) : 1;
}

export function ListPagination({
  list,
  page,
  onChange,
}: {
  list: PagedReply | undefined;
  page: number;
  onChange: (page: number) => void;
}) {
  if (!list || list.total <= list.pageSize) return null;
  const pages = pageCount(list);
  return (
    <Group justify="space-between" mt="md">
      <Text size="sm" c="dimmed">
        {t('common.pageOf', { page, pages })}
      </Text>
      <Pagination
        total={pages}
        value={page}
        onChange={onChange}
        aria-label={t('common.page')}
        getControlProps={(control) => ({
          'aria-label': t(
            control === 'previous' || control === 'first'
              ? 'common.previousPage'
              : 'common.nextPage',
          ),
        })}
      />
    </Group>
  );
}
