// How one audit entry reads: the action and the kind of record in words, the changed fields
// before → after (a secret only as changed), when in the center's time.
import { Stack, Text } from '@mantine/core';
import type { AuditEntryDto } from '#common/audit.ts';
import { hasText, t } from '#web/i18n/index.ts';

const known = (key: string, fallback: string) => (hasText(key) ? t(key) : fallback);

export const actionText = (action: string) => known(`audit.action.${action}`, action);
export const typeText = (type: string) => known(`audit.type.${type}`, type);

const shown = (value: unknown) =>
  value === null || value === undefined || value === ''
    ? '–'
    : typeof value === 'string'
      ? value
      : JSON.stringify(value);

export function ChangeList({ entry }: { entry: AuditEntryDto }) {
  const fields = Object.entries(entry.changes);
  if (fields.length === 0) return <Text size="sm">–</Text>;
  return (
    <Stack gap={2}>
      {fields.map(([field, change]) => (
        <Text key={field} size="sm" style={{ overflowWrap: 'anywhere' }}>
          <b>{field}</b>:{' '}
          {'secret' in change
            ? t('audit.secretChanged')
            : `${shown(change.before)} → ${shown(change.after)}`}
        </Text>
      ))}
    </Stack>
  );
}
