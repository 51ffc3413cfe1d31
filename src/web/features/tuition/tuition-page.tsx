// The tuition page (issue 27): a student sees their own account; admin and staff find a student
// (searched on the server, without accents) and see theirs. The chosen student is in the address
// (?student=…), so the student's details dialog links here and a reload keeps the choice. An
// invoice opens here too (?invoice=…, printable); admin and staff run a month's invoices from here.
import { Button, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconFileInvoice } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from 'wouter';
import { hasPermission } from '#common/permissions.ts';
import { PageHeader } from '#web/components/page-header.tsx';
import { QueryState } from '#web/components/query-state.tsx';
import { useSession } from '#web/features/auth/index.ts';
import { ChildPicker, useChildren, useChosenChild } from '#web/features/family/index.ts';
import { t } from '#web/i18n/index.ts';
import { lazyDialog } from '#web/lib/lazy-dialog.tsx';
import { AccountView } from './account-view.tsx';
import { useAccount, useStudentSearch } from './api.ts';
import { InvoicePage } from './invoices/invoice-view.tsx';
import { money } from './money-text.ts';

// Its dialogs load when first opened, not with the page (src/web/lib/lazy-dialog.tsx).
const InvoiceRunDialog = lazyDialog(
  () => import('./invoices/invoice-run-dialog.tsx').then((m) => m.InvoiceRunDialog),
  ({ opened }) => opened,
);

function StudentPicker({
  studentId,
  onChange,
}: {
  studentId: string | null;
  onChange: (studentId: string | null) => void;
}) {
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search, 250);
  const found = useStudentSearch(q, true);
  const chosen = useAccount(studentId).data?.student;
  // A student who left is still found (they may owe): said beside the name, with the balance.
  const options = (found.data ?? []).map((s) => ({
    value: s.user_id,
    label: [
      `${s.full_name} (${s.email})`,
      s.is_active ? null : t('tuition.studentLeft'),
      s.balance > 0 ? t('tuition.owes', { amount: money(s.balance) }) : null,
    ]
      .filter(Boolean)
      .join(' · '),
  }));
  if (chosen && !options.some((o) => o.value === chosen.user_id)) {
    options.unshift({ value: chosen.user_id, label: `${chosen.full_name} (${chosen.email})` });
  }
  return (
    <Select
      label={t('tuition.pickStudent')}
      placeholder={t('tuition.pickStudentHint')}
      data={options}
      value={studentId}
      onChange={onChange}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      // The server already matched what was typed: show what it found as it is.
      filter={({ options: all }) => all}
      clearable
      nothingFoundMessage={t('common.nothingFound')}
      comboboxProps={{ withinPortal: true }}
      maw={480}
    />
  );
}

/** A parent's choice among their children (issue 29), kept in ?student= like the staff's. */
function ChildChoice() {
  const children = useChildren();
  const { chosen, choose } = useChosenChild(children.data?.items, 'student');
  return (
    <QueryState query={children}>
      {chosen ? (
        <Stack gap="lg">
          <ChildPicker children={children.data?.items ?? []} chosen={chosen} onChange={choose} />
          <AccountView key={chosen.user_id} studentId={chosen.user_id} />
        </Stack>
      ) : (
        <Text c="dimmed">{t('family.noChildren')}</Text>
      )}
    </QueryState>
  );
}

export default function TuitionPage() {
  const user = useSession().data!.user;
  const own = user.role === 'student';
  const parent = hasPermission(user.role, 'view_own_children');
  const [params, setParams] = useSearchParams();
  const studentId = own ? user.user_id : params.get('student');
  const invoiceId = params.get('invoice');
  const runs = hasPermission(user.role, 'issue_invoices');
  const [running, setRunning] = useState(false);
  if (invoiceId) return <InvoicePage invoiceId={invoiceId} />;
  if (parent) {
    return (
      <Stack gap="lg">
        <PageHeader title={t('tuition.title')} subtitle={t('tuition.subtitleChild')} />
        <ChildChoice />
      </Stack>
    );
  }
  return (
    <Stack gap="lg">
      <PageHeader
        title={t('tuition.title')}
        subtitle={t(own ? 'tuition.subtitleOwn' : 'tuition.subtitle')}
        action={
          runs && (
            <Button
              leftSection={<IconFileInvoice size={16} aria-hidden />}
              onClick={() => setRunning(true)}
            >
              {t('invoices.run')}
            </Button>
          )
        }
      />
      {runs && <InvoiceRunDialog opened={running} onClose={() => setRunning(false)} />}
      {!own && (
        <StudentPicker
          studentId={studentId}
          onChange={(id) => setParams(id ? { student: id } : {}, { replace: true })}
        />
      )}
      {studentId ? (
        <AccountView studentId={studentId} />
      ) : (
        <Text c="dimmed">{t('tuition.noStudent')}</Text>
      )}
    </Stack>
  );
}
