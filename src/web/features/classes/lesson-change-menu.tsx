// Where a lesson's move, cancel and substitute are offered: the class's lessons tab and the
// Schedules page give a pending lesson a menu with 'Dời buổi học', 'Giao dạy thay' and 'Huỷ buổi
// học' for those who add lessons (docs/decisions/020, 031).
import { ActionIcon, Menu, Tooltip } from '@mantine/core';
import {
  IconCalendarCancel,
  IconCalendarTime,
  IconDotsVertical,
  IconUserShare,
} from '@tabler/icons-react';
import { useState } from 'react';
import type { LessonDto } from '#common/lessons.ts';
import { t } from '#web/i18n/index.ts';
import { CancelLessonDialog, MoveLessonDialog, SubstituteDialog } from './lesson-change-lazy.ts';

export { mayChangeLesson } from './may-change-lesson.ts';

/**
 * The menu of a pending lesson: move it, give it to a substitute or cancel it, each in its dialog. `onChanged`: a list
 * kept outside the lessons' own queries (the closed days' lessons) is read again.
 */
export function LessonChangeMenu({
  lesson,
  onChanged,
  defaultOpened = false,
}: {
  lesson: LessonDto;
  onChanged?: () => void;
  /** Open from the start: its button was clicked while this menu was still arriving. */
  defaultOpened?: boolean;
}) {
  const [open, setOpen] = useState<'move' | 'cancel' | 'substitute' | null>(null);
  const close = () => setOpen(null);
  const done = () => {
    setOpen(null);
    onChanged?.();
  };
  const label = t('lessonChange.actions', { topic: lesson.topic });
  return (
    <>
      <Menu
        position="bottom-end"
        withinPortal
        defaultOpened={defaultOpened}
        onOpen={() => {
          MoveLessonDialog.preload();
          SubstituteDialog.preload();
          CancelLessonDialog.preload();
        }}
      >
        <Menu.Target>
          <Tooltip label={label}>
            <ActionIcon variant="subtle" aria-label={label}>
              <IconDotsVertical size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item
            leftSection={<IconCalendarTime size={16} aria-hidden />}
            onClick={() => setOpen('move')}
          >
            {t('lessonChange.move')}
          </Menu.Item>
          <Menu.Item
            leftSection={<IconUserShare size={16} aria-hidden />}
            onClick={() => setOpen('substitute')}
          >
            {t('substitutes.give')}
          </Menu.Item>
          <Menu.Item
            color="error"
            leftSection={<IconCalendarCancel size={16} aria-hidden />}
            onClick={() => setOpen('cancel')}
          >
            {t('lessonChange.cancel')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <MoveLessonDialog lesson={lesson} opened={open === 'move'} onClose={close} onDone={done} />
      <SubstituteDialog
        lesson={lesson}
        opened={open === 'substitute'}
        onClose={close}
        onDone={done}
      />
      <CancelLessonDialog
        lesson={lesson}
        opened={open === 'cancel'}
        onClose={close}
        onDone={done}
      />
    </>
  );
}
