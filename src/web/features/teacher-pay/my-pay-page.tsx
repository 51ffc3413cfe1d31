// A teacher's own pay (issue 28, docs/decisions/033): their statement of a month, read-only.
import { Select, Stack } from '@mantine/core';
import { useState } from 'react';
import { PageHeader } from '#web/components/page-header.tsx';
import { QueryState } from '#web/components/query-state.tsx';
import { useSession } from '#web/features/auth/index.ts';
import { t } from '#web/i18n/index.ts';
import { useStatement } from './api.ts';
import { monthOptions, thisMonth } from './months.ts';
import { StatementView } from './statement-view.tsx';

export default function MyPayPage() {
  const userId = useSession().data!.user.user_id;
  const [month, setMonth] = useState(thisMonth);
  const statement = useStatement(month, userId);
  return (
    <Stack gap="lg">
      <PageHeader title={t('pay.myTitle')} subtitle={t('pay.mySubtitle')} />
      <Select
        label={t('pay.month')}
        data={monthOptions()}
        value={month}
        onChange={(value) => value && setMonth(value)}
        allowDeselect={false}
        w={200}
      />
      <QueryState query={statement}>
        {statement.data && <StatementView statement={statement.data} audience="teacher" />}
      </QueryState>
    </Stack>
  );
}
