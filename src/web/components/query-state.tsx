// What a page shows while its data loads, or when loading failed: a loader, or the error with a
// button to try again. Never an empty area that looks like "no data".
import { Alert, Button, Center, Group, Loader, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { t } from '#web/i18n/index.ts';
import { errorText } from '#web/lib/error-text.ts';

interface QueryLike {
  isPending: boolean;
  isError: boolean;
  error: Error | null;
  isFetching: boolean;
  refetch: () => unknown;
}

/**
 * Renders `children` once the query has data (kept while a refetch runs or after a later
 * failure); before that, a loader or the error with 'Thử lại'.
 */
export function QueryState({
  query,
  errorMessage,
  children,
}: {
  query: QueryLike & { data?: unknown };
  /** The page's own words for the failure (product.md §8), else the server's or a generic one. */
  errorMessage?: string;
  children?: ReactNode;
}) {
  if (query.data !== undefined) return <>{children}</>;
  if (query.isError) {
    return (
      <Alert color="error" title={t('common.error')} role="alert">
        <Text size="sm">
          {errorMessage ??
            (query.error ? errorText(query.error, 'common.loadFailed') : t('common.loadFailed'))}
        </Text>
        <Group mt="sm">
          <Button size="xs" loading={query.isFetching} onClick={() => void query.refetch()}>
            {t('common.retry')}
          </Button>
        </Group>
      </Alert>
    );
  }
  return (
    <Center py="xl" aria-busy="true">
      <Loader aria-label={t('common.loading')} />
    </Center>
  );
}
