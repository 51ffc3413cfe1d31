// 'Giao dạy thay' (docs/decisions/031): admin and staff give a pending lesson, or it and the
// following ones of its series, to another teacher chosen from a searchable list, or give it back
// to the class's teacher. The server checks the substitute is free then; a refusal shows here.
import { Button, Modal, Radio, Stack, Text } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import type { LessonDto, SubstituteInput } from '#common/lessons.ts';
import { FormActions, FormError } from '#web/components/form-parts.tsx';
import { SearchableSelect } from '#web/components/searchable-select.tsx';
import { t } from '#web/i18n/index.ts';
import { errorText } from '#web/lib/error-text.ts';
import { useKeyPerOpening } from '#web/lib/key-per-opening.ts';
import { notifySuccess } from '#web/lib/notify.ts';
import { useGiveToSubstitute, useTeacherOptions } from './api.ts';
import { lessonTimeText } from './lesson-change-dialogs.tsx';

type Scope = NonNullable<SubstituteInput['scope']>;

export function SubstituteDialog({
  lesson,
  opened,
  onClose,
  onDone,
}: {
  lesson: LessonDto;
  opened: boolean;
  onClose: () => void;
  onDone: (lesson: LessonDto) => void;
}) {
  const teachers = useTeacherOptions(opened);
  const give = useGiveToSubstitute();
  const [teacherId, setTeacherId] = useState<string | null>(lesson.substitute_teacher_id);
  const [scope, setScope] = useState<Scope>('one');
  const [error, setError] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const key = useKeyPerOpening(opened, () => {
    setTeacherId(lesson.substitute_teacher_id);
    setScope('one');
    setError(null);
    setFieldError(null);
  });
  // The class's own teacher is no substitute for their own lesson.
  const options = (teachers.data ?? [])
    .filter((teacher) => teacher.user_id !== lesson.class.teacher_id)
    .map((teacher) => ({ value: teacher.user_id, label: teacher.full_name }));

  const send = (chosen: string | null) => {
    setError(null);
    setFieldError(null);
    give.mutate(
      { scheduleId: lesson.schedule_id, input: { teacher_id: chosen, scope }, key },
      {
        onSuccess: (given) => {
          notifySuccess(
            given.substitute_name
              ? t('substitutes.given', { name: given.substitute_name })
              : t('substitutes.takenBack'),
          );
          onDone(given);
          onClose();
        },
        onError: (failure) => {
          const text = errorText(failure);
          if ((failure as { field?: string }).field === 'teacher_id') setFieldError(text);
          else setError(text);
        },
      },
    );
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!teacherId) {
      setFieldError(t('substitutes.chooseTeacher'));
      return;
    }
    send(teacherId);
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t('substitutes.give')} centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text fw={600}>{lesson.topic}</Text>
          <Text size="sm" c="dimmed">
            {lessonTimeText(lesson.start_time, lesson.end_time)}
          </Text>
          {lesson.class.teacher && (
            <Text size="sm" c="dimmed">
              {t('substitutes.classTeacher', { name: lesson.class.teacher.full_name })}
            </Text>
          )}
          <FormError message={error} />
          <SearchableSelect
            label={t('substitutes.teacher')}
            data={options}
            value={teacherId}
            onChange={(value) => {
              setTeacherId(value);
              setFieldError(null);
            }}
            error={fieldError}
            required
          />
          {lesson.series_id && (
            <Radio.Group
              label={t('substitutes.scope')}
              value={scope}
              onChange={(value) => setScope(value as Scope)}
            >
              <Stack gap="xs" mt="xs">
                <Radio value="one" label={t('substitutes.scope.one')} />
                <Radio value="following" label={t('substitutes.scope.following')} />
              </Stack>
            </Radio.Group>
          )}
          <Text size="xs" c="dimmed">
            {t('substitutes.hint')}
          </Text>
          {lesson.substitute_teacher_id && (
            <Button
              variant="subtle"
              onClick={() => send(null)}
              loading={give.isPending}
              style={{ alignSelf: 'flex-start' }}
            >
              {t('substitutes.takeBack')}
            </Button>
          )}
          <FormActions
            onCancel={onClose}
            cancelLabel={t('lessonChange.close')}
            submitLabel={t('substitutes.give')}
            loading={give.isPending}
          />
        </Stack>
      </form>
    </Modal>
  );
}
