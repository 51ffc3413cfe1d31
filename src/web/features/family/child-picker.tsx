// Which child a parent's page shows (issue 29): in the address (?child=…) so a reload or a link
// keeps the choice, the first child when none is chosen. A few children are buttons side by side
// (a tap on a phone), more a searchable list.
import { SegmentedControl, Select } from '@mantine/core';
import { useSearchParams } from 'wouter';
import type { ChildDto } from '#common/family.ts';
import { t } from '#web/i18n/index.ts';

/** The chosen child among `children`, and how to choose another. */
export function useChosenChild(children: readonly ChildDto[] | undefined, param = 'child') {
  const [params, setParams] = useSearchParams();
  const asked = params.get(param);
  const chosen = children?.find((child) => child.user_id === asked) ?? children?.[0] ?? null;
  const choose = (studentId: string) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.set(param, studentId);
        return next;
      },
      { replace: true },
    );
  return { chosen, choose };
}

export function ChildPicker({
  children,
  chosen,
  onChange,
}: {
  children: readonly ChildDto[];
  chosen: ChildDto | null;
  onChange: (studentId: string) => void;
}) {
  if (children.length < 2) return null;
  const data = children.map((child) => ({ value: child.user_id, label: child.full_name }));
  if (children.length <= 3) {
    return (
      <SegmentedControl
        aria-label={t('family.pickChild')}
        data={data}
        value={chosen?.user_id ?? ''}
        onChange={onChange}
        fullWidth
      />
    );
  }
  return (
    <Select
      label={t('family.pickChild')}
      data={data}
      value={chosen?.user_id ?? null}
      onChange={(value) => value && onChange(value)}
      searchable
      allowDeselect={false}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
