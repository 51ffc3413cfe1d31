// The Library (issue 29 point 3, docs/decisions/038-materials.md): the materials of the viewer's
// classes (a student's, a parent's children's, a teacher's), newest first, searched on the server
// without regard to accents, filtered by class; cards, so it reads on a phone.
import { Select, Stack, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { ListPagination } from '#web/components/list-pagination.tsx';
import { PageHeader } from '#web/components/page-header.tsx';
import { QueryState } from '#web/components/query-state.tsx';
import { t } from '#web/i18n/index.ts';
import { useLibrary } from './api.ts';
import { MaterialList } from './material-list.tsx';

export default function LibraryPage() {
  const [typed, setTyped] = useState('');
  const [debounced] = useDebouncedValue(typed.trim(), 300);
  const [classId, setClassId] = useState<string | null>(null);
  const [paged, setPaged] = useState({ key: '', page: 1 });
  const key = `${debounced}|${classId ?? ''}`;
  const page = paged.key === key ? paged.page : 1;
  const params = new URLSearchParams({ page: String(page) });
  if (debounced) params.set('q', debounced);
  if (classId) params.set('class_id', classId);
  const library = useLibrary(params);
  const filtered = Boolean(debounced || classId);
  return (
    <Stack gap="md">
      <PageHeader title={t('nav.library')} subtitle={t('library.subtitle')} />
      <Stack gap="xs">
        <TextInput
          aria-label={t('library.search')}
          placeholder={t('library.search')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={typed}
          onChange={(event) => setTyped(event.currentTarget.value)}
          maxLength={100}
        />
        {(library.data?.classes.length ?? 0) > 1 && (
          <Select
            aria-label={t('library.classFilter')}
            placeholder={t('library.allClasses')}
            clearable
            value={classId}
            onChange={setClassId}
            data={(library.data?.classes ?? []).map((klass) => ({
              value: klass.class_id,
              label: klass.class_name,
            }))}
          />
        )}
      </Stack>
      <QueryState query={library} errorMessage={t('materials.loadFailed')}>
        {library.data && (
          <MaterialList
            materials={library.data.items}
            showClass
            empty={filtered ? t('library.noMatch') : t('library.empty')}
          />
        )}
      </QueryState>
      <ListPagination
        list={library.data}
        page={page}
        onChange={(next) => setPaged({ key, page: next })}
      />
    </Stack>
  );
}
