// Create or edit a class (product.md §2, §5): name, teacher, start and end date, description.
import { Group, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { type FormEvent, useEffect, useState } from 'react';
import type { ClassDto } from '#common/dto.ts';
import { createClassInput } from '#common/schemas.ts';
import { DateField } from '#web/components/date-fields.tsx';
import { FormActions, FormError } from '#web/components/form-parts.tsx';
import { SearchableSelect } from '#web/components/searchable-select.tsx';
import { t } from '#web/i18n/index.ts';
import { errorText } from '#web/lib/error-text.ts';
import { notifySuccess } from '#web/lib/notify.ts';
import { useCreateClass, useTeacherOptions, useUpdateClass } from './api.ts';

export function ClassFormModal({
  opened,
  onClose,
  klass,
}: {
  opened: boolean;
  onClose: () => void;
  klass?: ClassDto;
}) {
  const teachers = useTeacherOptions(opened);
  const create = useCreateClass();
  const update = useUpdateClass();
  const [name, setName] = useState('');
  const [teacherId, setTeacherId] = useState<string | null>(null);
  const [startDate, setStartDate] = useState('');
  const [endDate, setEndDate] = useState('');
  const [description, setDescription] = useState('');
  const [error, setError] = useState<string | null>(null);

  // Filled when the dialog opens; a realtime refresh of the class must not reset the form.
  useEffect(() => {
    if (!opened) return;
    setName(klass?.class_name ?? '');
    setTeacherId(klass?.teacher_id ?? null);
    setStartDate(klass?.start_date ?? '');
    setEndDate(klass?.end_date ?? '');
    setDescription(klass?.description ?? '');
    setError(null);
  }, [opened]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = createClassInput.safeParse({
      class_name: name,
      teacher_id: teacherId ?? '',
      start_date: startDate,
      end_date: endDate,
      description: description || null,
    });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? t('error.VALIDATION'));
      return;
    }
    setError(null);
    const done = (message: string) => {
      notifySuccess(message);
      onClose();
    };
    // product.md §8: class create/update errors are logged; the dialog also says what went wrong.
    const fail = (e: Error) => {
      console.error(e);
      setError(errorText(e));
    };
    if (klass)
      update.mutate(
        { classId: klass.class_id, input: parsed.data },
        { onSuccess: () => done(t('error.CLASS_UPDATED')), onError: fail },
      );
    else
      create.mutate(parsed.data, {
        onSuccess: () => done(t('error.CLASS_CREATED')),
        onError: fail,
      });
  };

  const noTeachers = teachers.data?.length === 0;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={klass ? t('classes.edit') : t('classes.create')}
      centered
      size="lg"
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <FormError message={error} />
          <TextInput
            label={t('classes.field.name')}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            required
          />
          <SearchableSelect
            label={t('classes.field.teacher')}
            data={(teachers.data ?? []).map((teacher) => ({
              value: teacher.user_id,
              label: teacher.full_name,
            }))}
            value={teacherId}
            onChange={setTeacherId}
            required
          />
          {noTeachers && (
            <Text size="sm" c="warning.8">
              {t('classes.noTeachers')}
            </Text>
          )}
          <Group grow>
            <DateField
              label={t('classes.field.start')}
              value={startDate}
              onChange={setStartDate}
              required
            />
            <DateField
              label={t('classes.field.end')}
              value={endDate}
              onChange={setEndDate}
              required
            />
          </Group>
          <Textarea
            label={t('classes.field.description')}
            value={description}
            onChange={(e) => setDescription(e.currentTarget.value)}
            autosize
            minRows={2}
          />
          <FormActions
            onCancel={onClose}
            submitLabel={t('classes.save')}
            loading={create.isPending || update.isPending}
          />
        </Stack>
      </form>
    </Modal>
  );
}
