// /attendance: the signed-in student's attendance across all their classes on one page.
import { PageHeader } from '#web/components/page-header.tsx';
import { t } from '#web/i18n/index.ts';
import { StudentAttendance } from './student-attendance.tsx';

export default function MyAttendancePage() {
  return (
    <>
      <PageHeader title={t('attendanceRecord.title')} subtitle={t('attendanceRecord.subtitle')} />
      <StudentAttendance studentId="me" />
    </>
  );
}
