// Import accounts from a CSV or Excel file: choose the file (the server reads it), map the name
// and email columns, and a phone column if the file has one (and, for students, a class to enrol
// them in), preview every row's verdict,
// import in one request, then download the first passwords, shown this once.
import {
  Alert,
  Button,
  FileInput,
  Group,
  Modal,
  Progress,
  Select,
  Stack,
  Text,
} from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { neutraliseCsvText } from '#common/csv-cell.ts';
import { hasPermission } from '#common/permissions.ts';
import type { ImportPreviewDto, ImportResultDto, ImportTableDto } from '#common/user-import.ts';
import { FormError } from '#web/components/form-parts.tsx';
import { useGuardedClose } from '#web/components/guarded-close.tsx';
import { useSession } from '#web/features/auth/index.ts';
import { t } from '#web/i18n/index.ts';
import { errorText, noticeText } from '#web/lib/error-text.ts';
import { notifySuccess } from '#web/lib/notify.ts';
import { useClassOptions, useImportAccounts, usePreviewImport, useReadImportFile } from './api.ts';
import { ImportPreview } from './import-preview.tsx';

type ImportRole = 'student' | 'teacher' | 'staff';

/** A parent's column (issue 29): 'Tên phụ huynh', 'Parent email'… */
const PARENT_HEADER = /phụ huynh|phu huynh|parent|ph\b/i;

/** The column whose header looks like the field, else the given fallback. */
function guessColumn(
  headers: string[],
  pattern: RegExp,
  fallback: number,
  parent = false,
): string | null {
  const index = headers.findIndex(
    (header) => pattern.test(header) && PARENT_HEADER.test(header) === parent,
  );
  if (index >= 0) return String(index);
  return headers.length > fallback ? String(fallback) : null;
}

/**
 * A CSV cell: a name that starts like a formula behind a single quote (docs/decisions/043), then
 * quoted, with quotes doubled (RFC 4180).
 */
const csvCell = (value: string) => `"${neutraliseCsvText(value).replaceAll('"', '""')}"`;

function downloadPasswords(result: ImportResultDto) {
  const lines = [
    [t('users.col.fullName'), t('users.col.email'), t('import.firstPassword')],
    ...result.accounts.map((a) => [a.full_name, a.email, a.password]),
  ].map((row) => row.map(csvCell).join(','));
  // A byte-order mark so Excel reads the Vietnamese names as UTF-8.
  const blob = new Blob([`\uFEFF${lines.join('\r\n')}\r\n`], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = t('import.passwordsFile');
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

function Stage({ label }: { label: string }) {
  return (
    <Stack gap={4} role="status">
      <Text size="sm">{label}</Text>
      <Progress value={100} striped animated aria-label={label} />
    </Stack>
  );
}

export function ImportDialog({
  role,
  opened,
  onClose,
}: {
  role: ImportRole;
  opened: boolean;
  onClose: () => void;
}) {
  const read = useReadImportFile();
  // Parents come with students, for whoever links parents (admin, staff).
  const me = useSession().data?.user;
  const withParent = role === 'student' && !!me && hasPermission(me.role, 'manage_parents');
  const preview = usePreviewImport();
  const runImport = useImportAccounts();
  const classes = useClassOptions(opened && role === 'student');
  const [file, setFile] = useState<File | null>(null);
  const [table, setTable] = useState<ImportTableDto | null>(null);
  const [nameColumn, setNameColumn] = useState<string | null>(null);
  const [emailColumn, setEmailColumn] = useState<string | null>(null);
  /** Optional: null when the file has no phone column (or the user leaves it out). */
  const [phoneColumn, setPhoneColumn] = useState<string | null>(null);
  const [classId, setClassId] = useState<string | null>(null);
  /** A student's parent (issue 29): each optional, guessed from 'Tên phụ huynh', 'Parent email'… */
  const [parentColumns, setParentColumns] = useState<{
    name: string | null;
    email: string | null;
    phone: string | null;
  }>({ name: null, email: null, phone: null });
  const [checked, setChecked] = useState<{ preview: ImportPreviewDto; key: string } | null>(null);
  const [result, setResult] = useState<ImportResultDto | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!opened) return;
    setFile(null);
    setTable(null);
    setChecked(null);
    setResult(null);
    setError(null);
    setClassId(null);
  }, [opened]);

  const chooseFile = (chosen: File | null) => {
    setFile(chosen);
    setTable(null);
    setChecked(null);
    setError(null);
    if (!chosen) return;
    read.mutate(chosen, {
      onSuccess: (read) => {
        setTable(read);
        setNameColumn(guessColumn(read.headers, /tên|name/i, 0));
        setEmailColumn(guessColumn(read.headers, /mail/i, 1));
        // No fallback: a file without a phone column imports without phones.
        setPhoneColumn(guessColumn(read.headers, /phone|điện thoại|đt|sđt|sdt|mobile/i, Infinity));
        const parentColumn = (pattern: RegExp) =>
          role === 'student' ? guessColumn(read.headers, pattern, Infinity, true) : null;
        setParentColumns({
          name: parentColumn(/tên|name|phụ huynh$|parent$/i),
          email: parentColumn(/mail/i),
          phone: parentColumn(/phone|điện thoại|đt|sđt|sdt|mobile/i),
        });
      },
      onError: (e) => setError(errorText(e)),
    });
  };

  const body = () => ({
    role,
    rows: (table?.rows ?? []).map((row) => ({
      full_name: row[Number(nameColumn)] ?? '',
      email: row[Number(emailColumn)] ?? '',
      ...(phoneColumn !== null ? { phone: row[Number(phoneColumn)] ?? '' } : {}),
      ...(withParent && parentColumns.name !== null
        ? { parent_name: row[Number(parentColumns.name)] ?? '' }
        : {}),
      ...(withParent && parentColumns.email !== null
        ? { parent_email: row[Number(parentColumns.email)] ?? '' }
        : {}),
      ...(withParent && parentColumns.phone !== null
        ? { parent_phone: row[Number(parentColumns.phone)] ?? '' }
        : {}),
    })),
    class_id: classId,
  });

  const showPreview = () => {
    setError(null);
    preview.mutate(body(), {
      // One key per previewed list: a retried import makes it once.
      onSuccess: (checkedRows) => setChecked({ preview: checkedRows, key: crypto.randomUUID() }),
      onError: (e) => setError(errorText(e)),
    });
  };

  const confirm = () => {
    if (!checked) return;
    setError(null);
    runImport.mutate(
      { body: body(), key: checked.key },
      {
        onSuccess: (done) => {
          setResult(done);
          notifySuccess(noticeText(done));
        },
        onError: (e) => setError(errorText(e)),
      },
    );
  };

  const counts = checked?.preview.counts;
  const parentLinks =
    checked?.preview.rows.filter((row) => row.parent && row.parent.action !== 'already_linked')
      .length ?? 0;
  const toWrite = counts ? counts.new + counts.reactivated : 0;
  const nothingToWrite = toWrite === 0 && parentLinks === 0;
  const columns = (table?.headers ?? []).map((header, index) => ({
    value: String(index),
    label: header || `#${index + 1}`,
  }));

  // A file read and not yet imported is work the user would lose.
  const guard = useGuardedClose({ opened, dirty: table !== null && !result, onClose });

  return (
    <Modal opened={opened} {...guard.modalProps} title={t('import.title')} size="xl" centered>
      <Stack>
        <FormError message={error} />
        {result ? (
          <>
            <Text>{noticeText(result)}</Text>
            {(result.parents_created > 0 || result.parents_linked > 0) && (
              <Text>
                {t('parents.import.done', {
                  created: result.parents_created,
                  linked: result.parents_linked,
                })}
              </Text>
            )}
            {result.accounts.length > 0 && (
              <>
                <Alert color="warning">{t('import.passwordsOnce')}</Alert>
                <Group>
                  <Button onClick={() => downloadPasswords(result)}>
                    {t('import.downloadPasswords')}
                  </Button>
                </Group>
              </>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                {t('common.close')}
              </Button>
            </Group>
          </>
        ) : checked && counts ? (
          <>
            <ImportPreview
              preview={checked.preview}
              withPhone={phoneColumn !== null}
              withParent={withParent && parentColumns.email !== null}
            />
            {runImport.isPending && (
              <Stage label={t('import.stage.importing', { count: toWrite })} />
            )}
            <Group justify="flex-end">
              <Button
                variant="default"
                onClick={() => setChecked(null)}
                disabled={runImport.isPending}
              >
                {t('import.back')}
              </Button>
              <Button
                onClick={confirm}
                loading={runImport.isPending}
                disabled={nothingToWrite && !classId}
              >
                {toWrite === 0 && classId
                  ? t('import.submitEnrolOnly', { count: counts.already_active })
                  : t('import.submit', { count: toWrite })}
              </Button>
            </Group>
          </>
        ) : (
          <>
            <FileInput
              label={t('import.file')}
              description={t('import.fileHint')}
              accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              value={file}
              onChange={chooseFile}
              leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
              clearable
            />
            {read.isPending && <Stage label={t('import.stage.reading')} />}
            {table && (
              <>
                <Text size="sm">{t('import.rowsRead', { count: table.rows.length })}</Text>
                <Group grow align="flex-start">
                  <Select
                    label={t('import.nameColumn')}
                    data={columns}
                    value={nameColumn}
                    onChange={setNameColumn}
                    allowDeselect={false}
                  />
                  <Select
                    label={t('import.emailColumn')}
                    data={columns}
                    value={emailColumn}
                    onChange={setEmailColumn}
                    allowDeselect={false}
                  />
                  <Select
                    label={t('import.phoneColumn')}
                    placeholder={t('import.noPhoneColumn')}
                    data={columns}
                    value={phoneColumn}
                    onChange={setPhoneColumn}
                    clearable
                  />
                </Group>
                {withParent && (
                  <Stack gap={4}>
                    <Text size="sm" c="dimmed">
                      {t('parents.import.hint')}
                    </Text>
                    <Group grow align="flex-start">
                      {(['name', 'email', 'phone'] as const).map((key) => (
                        <Select
                          key={key}
                          label={t(`parents.import.${key}Column`)}
                          placeholder={t('parents.import.noColumn')}
                          data={columns}
                          value={parentColumns[key]}
                          onChange={(value) =>
                            setParentColumns((current) => ({ ...current, [key]: value }))
                          }
                          clearable
                        />
                      ))}
                    </Group>
                  </Stack>
                )}
                {role === 'student' && (
                  <Select
                    label={t('import.class')}
                    data={(classes.data ?? []).map((c) => ({
                      value: c.class_id,
                      label: c.class_name,
                    }))}
                    value={classId}
                    onChange={setClassId}
                    searchable
                    clearable
                  />
                )}
                {preview.isPending && (
                  <Stage label={t('import.stage.checking', { count: table.rows.length })} />
                )}
                <Group justify="flex-end">
                  <Button variant="default" onClick={guard.close}>
                    {t('common.cancel')}
                  </Button>
                  <Button
                    onClick={showPreview}
                    loading={preview.isPending}
                    disabled={nameColumn === null || emailColumn === null}
                  >
                    {t('import.preview')}
                  </Button>
                </Group>
              </>
            )}
          </>
        )}
      </Stack>
    </Modal>
  );
}
