// The class details dialog's 'Tài liệu' tab (docs/decisions/038-materials.md): the class's materials
// and its lessons', newest first; whoever may attach uploads a file or adds a link, for the whole
// class or one lesson.
import { Button, FileInput, Group, Modal, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { IconLink, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { MATERIAL_ACCEPT } from '#common/materials.ts';
import { QueryState } from '#web/components/query-state.tsx';
import { t } from '#web/i18n/index.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { formatDateTime } from '#web/lib/dates.ts';
import { errorText, noticeText } from '#web/lib/error-text.ts';
import { notifySuccess } from '#web/lib/notify.ts';
import {
  type MaterialPlace,
  useAddMaterialLink,
  useClassMaterials,
  useUploadMaterial,
} from './api.ts';
import { MaterialList } from './material-list.tsx';

export interface LessonChoice {
  schedule_id: string;
  topic: string;
  start_time: string;
}

function PlaceSelect({
  lessons,
  value,
  onChange,
}: {
  lessons: LessonChoice[];
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <Select
      label={t('materials.attachTo')}
      value={value}
      onChange={(next) => onChange(next ?? '')}
      allowDeselect={false}
      searchable
      comboboxProps={{ withinPortal: true }}
      data={[
        { value: '', label: t('materials.wholeClass') },
        ...lessons.map((lesson) => ({
          value: lesson.schedule_id,
          label: `${lesson.topic} · ${formatDateTime(lesson.start_time)}`,
        })),
      ]}
    />
  );
}

/** The field a refusal names gets its text; anything else shows under the form. */
function fieldError(error: unknown, field: string): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  return error.field === field ? errorText(error) : undefined;
}

function UploadModal({
  classId,
  lessons,
  opened,
  onClose,
}: {
  classId: string;
  lessons: LessonChoice[];
  opened: boolean;
  onClose: () => void;
}) {
  const upload = useUploadMaterial();
  const [file, setFile] = useState<File | null>(null);
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [lesson, setLesson] = useState('');
  const close = () => {
    setFile(null);
    setTitle('');
    setDescription('');
    setLesson('');
    upload.reset();
    onClose();
  };
  const place: MaterialPlace = { classId, scheduleId: lesson || null };
  const submit = () => {
    if (!file) return;
    upload.mutate(
      { place, file, title, description },
      {
        onSuccess: (reply) => {
          notifySuccess(noticeText(reply));
          close();
        },
      },
    );
  };
  const otherError =
    upload.error && !fieldError(upload.error, 'file') && !fieldError(upload.error, 'title')
      ? errorText(upload.error, 'materials.uploadFailed')
      : undefined;
  return (
    <Modal opened={opened} onClose={close} title={t('materials.upload')} centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack>
          <FileInput
            label={t('materials.file')}
            description={t('materials.fileHint')}
            accept={MATERIAL_ACCEPT}
            value={file}
            onChange={setFile}
            required
            clearable
            error={fieldError(upload.error, 'file') ?? otherError}
          />
          <TextInput
            label={t('materials.title')}
            description={t('materials.titleHint')}
            value={title}
            onChange={(event) => setTitle(event.currentTarget.value)}
            maxLength={200}
            error={fieldError(upload.error, 'title')}
          />
          <Textarea
            label={t('materials.description')}
            value={description}
            onChange={(event) => setDescription(event.currentTarget.value)}
            maxLength={2000}
            autosize
            minRows={2}
          />
          <PlaceSelect lessons={lessons} value={lesson} onChange={setLesson} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('materials.cancel')}
            </Button>
            <Button type="submit" loading={upload.isPending} disabled={!file}>
              {t('materials.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function LinkModal({
  classId,
  lessons,
  opened,
  onClose,
}: {
  classId: string;
  lessons: LessonChoice[];
  opened: boolean;
  onClose: () => void;
}) {
  const add = useAddMaterialLink();
  const [title, setTitle] = useState('');
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [lesson, setLesson] = useState('');
  const close = () => {
    setTitle('');
    setUrl('');
    setDescription('');
    setLesson('');
    add.reset();
    onClose();
  };
  const submit = () =>
    add.mutate(
      {
        place: { classId, scheduleId: lesson || null },
        link: { title, url, description: description || null },
      },
      {
        onSuccess: (reply) => {
          notifySuccess(noticeText(reply));
          close();
        },
      },
    );
  const reasonFor = (field: string) => {
    if (!(add.error instanceof ApiError)) return undefined;
    if (add.error.field === field) return errorText(add.error);
    // A refusal of no field of the form (a lost right, say) shows under the address.
    const ours = add.error.field === 'title' || add.error.field === 'url';
    return field === 'url' && !ours ? errorText(add.error) : undefined;
  };
  return (
    <Modal opened={opened} onClose={close} title={t('materials.addLink')} centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack>
          <TextInput
            label={t('materials.title')}
            value={title}
            onChange={(event) => setTitle(event.currentTarget.value)}
            required
            maxLength={200}
            error={reasonFor('title')}
          />
          <TextInput
            label={t('materials.url')}
            placeholder="https://"
            value={url}
            onChange={(event) => setUrl(event.currentTarget.value)}
            required
            maxLength={2000}
            error={reasonFor('url')}
          />
          <Textarea
            label={t('materials.description')}
            value={description}
            onChange={(event) => setDescription(event.currentTarget.value)}
            maxLength={2000}
            autosize
            minRows={2}
          />
          <PlaceSelect lessons={lessons} value={lesson} onChange={setLesson} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('materials.cancel')}
            </Button>
            <Button type="submit" loading={add.isPending}>
              {t('materials.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

export function ClassMaterialsTab({
  classId,
  lessons,
  mayAttach,
}: {
  classId: string;
  /** The class's lessons, for attaching to one. */
  lessons: LessonChoice[];
  mayAttach: boolean;
}) {
  const materials = useClassMaterials(classId);
  const [uploading, setUploading] = useState(false);
  const [linking, setLinking] = useState(false);
  return (
    <Stack>
      {mayAttach && (
        <Group justify="flex-end">
          <Button
            variant="light"
            leftSection={<IconLink size={16} aria-hidden />}
            onClick={() => setLinking(true)}
          >
            {t('materials.addLink')}
          </Button>
          <Button
            leftSection={<IconUpload size={16} aria-hidden />}
            onClick={() => setUploading(true)}
          >
            {t('materials.upload')}
          </Button>
        </Group>
      )}
      <QueryState query={materials} errorMessage={t('materials.loadFailed')}>
        {materials.data && (
          <MaterialList materials={materials.data.items} empty={t('materials.empty')} />
        )}
      </QueryState>
      {mayAttach && (
        <>
          <UploadModal
            classId={classId}
            lessons={lessons}
            opened={uploading}
            onClose={() => setUploading(false)}
          />
          <LinkModal
            classId={classId}
            lessons={lessons}
            opened={linking}
            onClose={() => setLinking(false)}
          />
        </>
      )}
    </Stack>
  );
}
