// A pending lesson's menu (lesson-change-menu.tsx) as the Schedules and closed days pages show it:
// its button at once, the menu itself (Mantine's Menu and the dialogs' loaders) fetched right after
// the page's first paint instead of with it. A click on the button before then opens the menu as
// soon as it arrives.
import { ActionIcon, Tooltip } from '@mantine/core';
import { IconDotsVertical } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import type { LessonDto } from '#common/lessons.ts';
import { t } from '#web/i18n/index.ts';

export { mayChangeLesson } from './may-change-lesson.ts';

const loadMenu = () => import('./lesson-change-menu.tsx');
const FullMenu = lazy(() => loadMenu().then((m) => ({ default: m.LessonChangeMenu })));

export function LessonChangeMenu(props: { lesson: LessonDto; onChanged?: () => void }) {
  const [asked, setAsked] = useState(false);
  useEffect(() => {
    loadMenu().catch(() => {});
  }, []);
  const label = t('lessonChange.actions', { topic: props.lesson.topic });
  return (
    <Suspense
      fallback={
        <Tooltip label={label}>
          <ActionIcon variant="subtle" aria-label={label} onClick={() => setAsked(true)}>
            <IconDotsVertical size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
      }
    >
      <FullMenu {...props} defaultOpened={asked} />
    </Suspense>
  );
}
