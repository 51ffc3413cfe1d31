// /attendance: the signed-in student's attendance across all their classes on one page, and their
// make-up credits (docs/decisions/032).
import { Stack } from '@mantine/core';
import { PageHeader } from '#web/components/page-header.tsx';
import { MakeupCredits } from '#web/features/makeups/index.ts';
import { t } from '#web/i18n/index.ts';
import { StudentAttendance } from './student-attendance.tsx';

export default function MyAttendancePage() {
  return (
    <>
      <PageHeader title={t('attendanceRecord.title')} subtitle={t('attendanceRecord.subtitle')} />
      <Stack gap="xl">
        <StudentAttendance studentId="me" />
        <MakeupCredits studentId="me" />
      </Stack>
    </>
  );
}
