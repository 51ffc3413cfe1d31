// The class details dialog (product.md §2): Tổng Quan, Học Viên (not for students), Lịch Học, Tài
// liệu (docs/decisions/038), one file per tab. Admin and staff edit and delete the class, enrol and remove students, add and
// delete lessons. `readOnly` (from the Schedules page) shows without any of those controls.
import { Modal, Tabs } from '@mantine/core';
import { hasPermission } from '#common/permissions.ts';
import { useGuardedClose } from '#web/components/guarded-close.tsx';
import { QueryState } from '#web/components/query-state.tsx';
import { useSession } from '#web/features/auth/index.ts';
import { ClassMaterialsTab } from '#web/features/materials/index.ts';
import { FeePlanTab } from '#web/features/tuition/index.ts';
import { t } from '#web/i18n/index.ts';
import { useClass, useClassLessons } from './api.ts';
import { ClassAttendanceTab } from './class-attendance-tab.tsx';
import { ClassLessonsTab } from './class-lessons-tab.tsx';
import { ClassOverviewTab } from './class-overview-tab.tsx';
import { ClassStudentsTab } from './class-students-tab.tsx';

export function ClassDetailsDialog({
  classId,
  onClose,
  readOnly = false,
}: {
  classId: string | null;
  onClose: () => void;
  readOnly?: boolean;
}) {
  // The same query as the details below (shared by its key): the title is the class's name.
  const klass = useClass(classId);
  // Its dialogs (add a lesson, a series, a confirmation) close alone; a topic being edited in it
  // says itself that it holds typed input (guard.Scope).
  const guard = useGuardedClose({ opened: classId !== null, onClose });
  return (
    <Modal
      opened={classId !== null}
      {...guard.modalProps}
      title={klass.data?.class_name ?? t('classes.detailsTitle')}
      size="xl"
      centered
    >
      <guard.Scope>
        {classId && <ClassDetails classId={classId} onClose={onClose} readOnly={readOnly} />}
      </guard.Scope>
    </Modal>
  );
}

function ClassDetails({
  classId,
  onClose,
  readOnly,
}: {
  classId: string;
  onClose: () => void;
  readOnly: boolean;
}) {
  const role = useSession().data!.user.role;
  const klass = useClass(classId);
  const lessons = useClassLessons(classId);
  const manage = !readOnly && hasPermission(role, 'create_class');
  const seesStudents = hasPermission(role, 'view_class_students');
  const seesTuition = hasPermission(role, 'view_tuition');

  if (!klass.data) {
    return <QueryState query={klass} errorMessage={t('error.CLASS_LOAD_FAILED')} />;
  }
  return (
    <Tabs defaultValue="overview">
      <Tabs.List>
        <Tabs.Tab value="overview">{t('classes.tab.overview')}</Tabs.Tab>
        {seesStudents && <Tabs.Tab value="students">{t('classes.tab.students')}</Tabs.Tab>}
        <Tabs.Tab value="schedules">{t('classes.tab.schedules')}</Tabs.Tab>
        {(seesStudents || role === 'student') && (
          <Tabs.Tab value="attendance">{t('classes.tab.attendance')}</Tabs.Tab>
        )}
        <Tabs.Tab value="materials">{t('materials.tab')}</Tabs.Tab>
        {seesTuition && <Tabs.Tab value="tuition">{t('tuition.planTab')}</Tabs.Tab>}
      </Tabs.List>
      <Tabs.Panel value="overview" pt="md">
        <ClassOverviewTab klass={klass.data} manage={manage} onDeleted={onClose} />
      </Tabs.Panel>
      {seesStudents && (
        <Tabs.Panel value="students" pt="md">
          <ClassStudentsTab classId={classId} manage={manage} />
        </Tabs.Panel>
      )}
      <Tabs.Panel value="schedules" pt="md">
        <ClassLessonsTab classId={classId} manage={manage} readOnly={readOnly} />
      </Tabs.Panel>
      {(seesStudents || role === 'student') && (
        <Tabs.Panel value="attendance" pt="md" keepMounted={false}>
          <ClassAttendanceTab classId={classId} own={role === 'student'} />
        </Tabs.Panel>
      )}
      <Tabs.Panel value="materials" pt="md" keepMounted={false}>
        <ClassMaterialsTab
          classId={classId}
          lessons={lessons.data ?? []}
          mayAttach={!readOnly && hasPermission(role, 'manage_materials')}
        />
      </Tabs.Panel>
      {seesTuition && (
        <Tabs.Panel value="tuition" pt="md" keepMounted={false}>
          <FeePlanTab classId={classId} className={klass.data.class_name} />
        </Tabs.Panel>
      )}
    </Tabs>
  );
}
