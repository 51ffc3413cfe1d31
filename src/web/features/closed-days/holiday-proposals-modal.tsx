// "Đề xuất ngày lễ": Vietnam's public holidays of this year and the next that are not on the
// calendar yet, each with a checkbox and its name and dates to change first; the chosen ones are
// added one after the other (each a run of days), and the lessons already on them listed after.
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  Paper,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { addClosedDaysInput, type ClosedDaysAddedDto } from '#common/closed-days.ts';
import type { LessonDto } from '#common/lessons.ts';
import { DateField } from '#web/components/date-fields.tsx';
import { QueryState } from '#web/components/query-state.tsx';
import { type MessageKey, t } from '#web/i18n/index.ts';
import { fieldErrors } from '#web/lib/app-form.ts';
import { errorText } from '#web/lib/error-text.ts';
import { notifySuccess } from '#web/lib/notify.ts';
import { LessonsOnNewDays } from './add-closed-days-modal.tsx';
import { useAddClosedDays, useHolidayProposals } from './api.ts';

interface ProposalRow {
  key: string;
  /** The holiday's name in the reader's language, and its year: how the row is called. */
  title: string;
  name: string;
  from_date: string;
  to_date: string;
  checked: boolean;
  errors: Record<string, string>;
}

export function HolidayProposalsModal({
  opened,
  onClose,
  lessonActions,
}: {
  opened: boolean;
  onClose: () => void;
  lessonActions?: (lesson: LessonDto) => ReactNode;
}) {
  const proposals = useHolidayProposals(opened);
  const add = useAddClosedDays();
  const [rows, setRows] = useState<ProposalRow[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [added, setAdded] = useState<Pick<ClosedDaysAddedDto, 'days' | 'lessons'> | null>(null);
  // The rows are made once per opening, from a fresh answer: refetches while adding keep edits.
  const made = useRef(false);

  useEffect(() => {
    if (!opened) {
      made.current = false;
      return;
    }
    if (made.current || !proposals.data || proposals.isFetching) return;
    made.current = true;
    setFailure(null);
    setAdded(null);
    setRows(
      proposals.data.items.map((proposal) => {
        const name = t(`closedDays.holiday.${proposal.holiday}` as MessageKey);
        return {
          key: `${proposal.holiday}-${proposal.from_date}`,
          title: `${name} ${proposal.year}`,
          name,
          from_date: proposal.from_date,
          to_date: proposal.to_date,
          checked: true,
          errors: {},
        };
      }),
    );
  }, [opened, proposals.data, proposals.isFetching]);

  const change = (key: string, patch: Partial<ProposalRow>) =>
    setRows((current) => current.map((row) => (row.key === key ? { ...row, ...patch } : row)));
  const chosen = rows.filter((row) => row.checked);
  const allChecked = rows.length > 0 && chosen.length === rows.length;

  const addChosen = async () => {
    setFailure(null);
    const inputs = chosen.map((row) => ({
      row,
      input: { name: row.name, from_date: row.from_date, to_date: row.to_date || null },
    }));
    const checked = inputs.map(({ row, input }) => ({
      key: row.key,
      errors: fieldErrors(addClosedDaysInput, input),
    }));
    setRows((current) =>
      current.map((row) => ({
        ...row,
        errors: checked.find((c) => c.key === row.key)?.errors ?? {},
      })),
    );
    if (checked.some((c) => Object.keys(c.errors).length > 0)) return;
    setBusy(true);
    const done: Pick<ClosedDaysAddedDto, 'days' | 'lessons'> = { days: [], lessons: [] };
    try {
      for (const { row, input } of inputs) {
        try {
          const result = await add.mutateAsync(addClosedDaysInput.parse(input));
          done.days.push(...result.days);
          done.lessons.push(...result.lessons);
          setRows((current) => current.filter((r) => r.key !== row.key));
        } catch (error) {
          // What was added stays added (and leaves the list); the rest waits for another try.
          setFailure(t('closedDays.proposalFailed', { name: row.title, reason: errorText(error) }));
          return;
        }
      }
    } finally {
      setBusy(false);
      if (done.days.length > 0) {
        notifySuccess(t('error.CLOSED_DAYS_ADDED', { count: done.days.length }));
      }
    }
    if (done.lessons.length > 0) setAdded(done);
    else onClose();
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('closedDays.proposalsTitle')}
      size="lg"
      centered
    >
      {added ? (
        <LessonsOnNewDays added={added} actions={lessonActions} onClose={onClose} />
      ) : (
        <QueryState query={proposals}>
          <Stack>
            {failure && (
              <Alert color="error" role="alert">
                {failure}
              </Alert>
            )}
            {rows.length === 0 ? (
              <Text size="sm">{t('closedDays.proposalsNone')}</Text>
            ) : (
              <>
                <Text size="sm" c="dimmed">
                  {t('closedDays.proposalsHint')}
                </Text>
                <Checkbox
                  label={t('closedDays.selectAll')}
                  checked={allChecked}
                  indeterminate={!allChecked && chosen.length > 0}
                  onChange={() =>
                    setRows((current) => current.map((row) => ({ ...row, checked: !allChecked })))
                  }
                />
                {rows.map((row) => (
                  <Paper key={row.key} withBorder radius="md" p="sm" data-testid="holiday-proposal">
                    <Stack gap="xs">
                      <Checkbox
                        label={row.title}
                        checked={row.checked}
                        onChange={() => change(row.key, { checked: !row.checked })}
                      />
                      <TextInput
                        label={t('closedDays.name')}
                        aria-label={t('closedDays.proposalName', { name: row.title })}
                        value={row.name}
                        onChange={(event) => change(row.key, { name: event.currentTarget.value })}
                        error={row.errors.name}
                        disabled={!row.checked}
                      />
                      <Group grow align="flex-start" wrap="wrap">
                        <DateField
                          label={t('closedDays.fromDate')}
                          aria-label={t('closedDays.proposalFrom', { name: row.title })}
                          value={row.from_date}
                          onChange={(value) => change(row.key, { from_date: value })}
                          error={row.errors.from_date}
                          disabled={!row.checked}
                          miw={120}
                        />
                        <DateField
                          label={t('closedDays.toDate')}
                          aria-label={t('closedDays.proposalTo', { name: row.title })}
                          value={row.to_date}
                          onChange={(value) => change(row.key, { to_date: value })}
                          error={row.errors.to_date}
                          disabled={!row.checked}
                          miw={120}
                        />
                      </Group>
                    </Stack>
                  </Paper>
                ))}
              </>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                {t('common.close')}
              </Button>
              {rows.length > 0 && (
                <Button onClick={addChosen} loading={busy} disabled={chosen.length === 0}>
                  {t('closedDays.addProposals', { count: chosen.length })}
                </Button>
              )}
            </Group>
          </Stack>
        </QueryState>
      )}
    </Modal>
  );
}
