// The import's preview: how many rows got each verdict, and the rows themselves (the first ones,
// and every row that will not be imported as it stands).
import { Badge, Group, Table, Text } from '@mantine/core';
import { formatPhone } from '#common/phone.ts';
import { IMPORT_VERDICTS, type ImportPreviewDto, type ImportVerdict } from '#common/user-import.ts';
import { PreviewTable } from '#web/components/preview-table.tsx';
import { type MessageKey, t } from '#web/i18n/index.ts';

const PREVIEW_ROWS_SHOWN = 200;
const VERDICT_COLOR: Record<ImportVerdict, string> = {
  new: 'success',
  reactivated: 'primary',
  already_active: 'gray',
  invalid_email: 'error',
  missing_name: 'error',
  duplicate_in_file: 'warning',
  invalid_phone: 'error',
  parent_invalid_email: 'error',
  parent_missing_name: 'error',
  parent_invalid_phone: 'error',
  parent_email_taken: 'error',
  parent_limit: 'error',
};

/** The phone column shows when the file had one mapped. */
export function ImportPreview({
  preview,
  withPhone,
  withParent = false,
}: {
  preview: ImportPreviewDto;
  withPhone: boolean;
  /** Parent columns were mapped (a student import, issue 29). */
  withParent?: boolean;
}) {
  const { counts } = preview;
  const shownRows = preview.rows.filter(
    (row, index) =>
      index < PREVIEW_ROWS_SHOWN || !['new', 'reactivated', 'already_active'].includes(row.verdict),
  );
  return (
    <>
      <Group gap="xs">
        {IMPORT_VERDICTS.map((verdict) => (
          <Badge key={verdict} color={VERDICT_COLOR[verdict]} variant="light" tt="none">
            {t(`import.verdict.${verdict}` as MessageKey)}: {counts[verdict]}
          </Badge>
        ))}
      </Group>
      <Text size="xs" c="dimmed">
        {t('import.shownRows', {
          shown: shownRows.length,
          total: preview.rows.length,
        })}
      </Text>
      <PreviewTable
        label={t('import.verdict')}
        headers={[
          t('import.line'),
          t('users.col.fullName'),
          t('users.col.email'),
          ...(withPhone ? [t('people.phone')] : []),
          ...(withParent ? [t('parents.section')] : []),
          t('import.verdict'),
        ]}
        maxHeight={360}
      >
        {shownRows.map((row) => (
          <Table.Tr key={row.line} data-testid="import-row">
            <Table.Td>{row.line}</Table.Td>
            <Table.Td>{row.full_name}</Table.Td>
            <Table.Td>{row.email}</Table.Td>
            {withPhone && (
              <Table.Td>
                {row.phone && row.verdict !== 'invalid_phone' ? formatPhone(row.phone) : row.phone}
              </Table.Td>
            )}
            {withParent && (
              <Table.Td>
                {row.parent && (
                  <>
                    <Text size="sm">
                      {row.parent.full_name} · {row.parent.email}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {t(`parents.import.action.${row.parent.action}` as MessageKey)}
                    </Text>
                  </>
                )}
              </Table.Td>
            )}
            <Table.Td>
              <Badge color={VERDICT_COLOR[row.verdict]} variant="light" tt="none">
                {t(`import.verdict.${row.verdict}` as MessageKey)}
              </Badge>
            </Table.Td>
          </Table.Tr>
        ))}
      </PreviewTable>
    </>
  );
}
