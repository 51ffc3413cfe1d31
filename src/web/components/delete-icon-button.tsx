// The red bin button of every list row that can be deleted; its name says what it deletes.
import { ActionIcon, type ActionIconProps } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import type { MouseEvent } from 'react';

export function DeleteIconButton({
  label,
  onClick,
  ...props
}: ActionIconProps & { label: string; onClick: (event: MouseEvent) => void }) {
  return (
    <ActionIcon color="error" variant="subtle" aria-label={label} onClick={onClick} {...props}>
      <IconTrash size={16} aria-hidden />
    </ActionIcon>
  );
}
