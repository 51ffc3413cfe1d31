// Classes / My Classes (product.md §2): students see a card grid, everyone else a list; teachers,
// staff and admins filter by dates; admins and staff create classes. 10 per page.
import {
  Avatar,
  Box,
  Button,
  Card,
  Center,
  Group,
  Paper,
  Progress,
  Stack,
  Text,
} from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import type { ClassDto } from '#common/classes.ts';
import { hasPermission } from '#common/permissions.ts';
import { TeacherTag } from '#web/components/color-tag.tsx';
import { DateField } from '#web/components/date-fields.tsx';
import { FullTextTooltip } from '#web/components/full-text-tooltip.tsx';
import { ListPagination } from '#web/components/list-pagination.tsx';
import {
  ListSearchBar,
  NAME_OR_DATE_SORTS,
  type NameOrDateSort,
  useListSearch,
} from '#web/components/list-search.tsx';
import { PageHeader } from '#web/components/page-header.tsx';
import { QueryState } from '#web/components/query-state.tsx';
import { useSession } from '#web/features/auth/index.ts';
import { t } from '#web/i18n/index.ts';
import { classTagColor, initials } from '#web/lib/colors.ts';
import { formatDate } from '#web/lib/dates.ts';
import { useClasses } from './api.ts';
import { ClassCounts } from './class-counts.tsx';
import classes from './classes-page.module.css';
import { ClassDetailsDialog, ClassFormModal } from './lazy-dialogs.ts';

function StudentCard({ klass, onOpen }: { klass: ClassDto; onOpen: () => void }) {
  // Lessons held out of lessons planned (docs/product.md, Deviations).
  const done = klass.held_lesson_count;
  const percent = klass.schedule_count ? Math.round((done / klass.schedule_count) * 100) : 0;
  const color = classTagColor(klass.class_name);
  return (
    <FullTextTooltip text={`${klass.class_name} · ${klass.teacher.full_name}`} onFocusOnly>
      <Card
        withBorder
        radius="md"
        className={classes.card}
        onClick={onOpen}
        component="button"
        type="button"
        aria-label={klass.class_name}
      >
        <Stack gap="xs">
          <Group wrap="nowrap">
            <Avatar
              src={klass.teacher.avatar_url ?? undefined}
              alt={klass.teacher.full_name}
              radius="xl"
              styles={{ placeholder: { background: color.bg, color: color.fg } }}
            >
              {initials(klass.teacher.full_name)}
            </Avatar>
            <Box miw={0}>
              <FullTextTooltip text={klass.class_name}>
                <Text fw={700} truncate>
                  {klass.class_name}
                </Text>
              </FullTextTooltip>
              <TeacherTag name={klass.teacher.full_name} />
            </Box>
          </Group>
          <Box>
            <Group justify="space-between">
              <Text size="xs" c="dimmed">
                {t('classes.progress')}
              </Text>
              <Text size="xs" c="dimmed" data-testid="progress-text">
                {done}/{klass.schedule_count}
              </Text>
            </Group>
            <Progress
              value={percent}
              aria-label={`${t('classes.progress')} ${done}/${klass.schedule_count}`}
            />
          </Box>
          <Text size="xs" c="dimmed" className={classes.dates}>
            {formatDate(klass.start_date)} – {formatDate(klass.end_date)}
          </Text>
        </Stack>
      </Card>
    </FullTextTooltip>
  );
}

function ClassRow({ klass, onOpen }: { klass: ClassDto; onOpen: () => void }) {
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      className={classes.row}
      onClick={onOpen}
      component="button"
      type="button"
      aria-label={klass.class_name}
    >
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Stack gap={4} miw={0}>
          <Text fw={700}>{klass.class_name}</Text>
          <Group gap="xs">
            <TeacherTag name={klass.teacher.full_name} />
            <Text size="xs" c="dimmed">
              {formatDate(klass.start_date)} – {formatDate(klass.end_date)}
            </Text>
          </Group>
        </Stack>
        <ClassCounts klass={klass} />
      </Group>
    </Paper>
  );
}

export default function ClassesPage() {
  const session = useSession();
  const role = session.data!.user.role;
  const search = useListSearch<NameOrDateSort>('-created_at');
  const { page, setPage } = search;
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [creating, setCreating] = useState(false);
  const [openClassId, setOpenClassId] = useState<string | null>(null);
  const list = useClasses(search, from, to);
  const total = list.data?.total ?? 0;

  // product.md §2: pagination resets to page 1 when the list's length changes.
  useEffect(() => setPage(1), [total]);

  // A parent sees their children's classes as a student sees theirs: cards, read-only (issue 29).
  const cards = role === 'student' || role === 'parent';
  const subtitle =
    role === 'parent'
      ? t('classes.subtitle.parent')
      : role === 'student'
        ? t('classes.subtitle.student')
        : role === 'teacher'
          ? t('classes.subtitle.teacher')
          : t('classes.subtitle.manager');
  const empty =
    role === 'parent'
      ? t('classes.empty.parent')
      : role === 'student'
        ? t('classes.empty.student')
        : role === 'teacher'
          ? t('classes.empty.teacher')
          : t('classes.empty.manager');
  const mayCreate = hasPermission(role, 'create_class');

  return (
    <>
      <PageHeader
        title={t(role === 'student' || role === 'teacher' ? 'nav.myClasses' : 'nav.classes')}
        subtitle={subtitle}
        action={
          mayCreate && (
            <Button
              leftSection={<IconPlus size={16} aria-hidden />}
              onPointerEnter={ClassFormModal.preload}
              onFocus={ClassFormModal.preload}
              onClick={() => setCreating(true)}
            >
              {t('classes.create')}
            </Button>
          )
        }
      />
      {!cards && (
        <Group align="flex-end" mb="md" gap="sm">
          <DateField label={t('classes.from')} value={from} onChange={setFrom} clearable />
          <DateField label={t('classes.to')} value={to} onChange={setTo} clearable />
          <Button
            variant="default"
            onClick={() => {
              setFrom('');
              setTo('');
            }}
            disabled={!from && !to}
          >
            {t('classes.clear')}
          </Button>
        </Group>
      )}
      <ListSearchBar search={search} sorts={NAME_OR_DATE_SORTS} />
      <QueryState query={list}>
        {list.data && list.data.items.length === 0 ? (
          <Center p="xl">
            <Text c="dimmed">{empty}</Text>
          </Center>
        ) : cards ? (
          <div className={classes.gridContainer}>
            <div className={classes.grid} data-testid="class-grid">
              {list.data?.items.map((klass) => (
                <StudentCard
                  key={klass.class_id}
                  klass={klass}
                  onOpen={() => setOpenClassId(klass.class_id)}
                />
              ))}
            </div>
          </div>
        ) : (
          <Stack gap="sm" data-testid="class-list">
            {list.data?.items.map((klass) => (
              <ClassRow
                key={klass.class_id}
                klass={klass}
                onOpen={() => setOpenClassId(klass.class_id)}
              />
            ))}
          </Stack>
        )}
      </QueryState>
      <ListPagination list={list.data} page={page} onChange={setPage} />
      <ClassFormModal opened={creating} onClose={() => setCreating(false)} />
      <ClassDetailsDialog classId={openClassId} onClose={() => setOpenClassId(null)} />
    </>
  );
}
