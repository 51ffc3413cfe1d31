// Attendance Zoom can confirm (docs/decisions/035), on a desktop and a phone: the lesson's
// attendance says it was reconciled with Zoom's report, and when; a lesson on an account whose
// plan has no reports says its attendance follows the webhook events.
import { addDays, vnDate } from '../helpers/school.ts';
import { expect, test } from './fixtures.ts';
import { classWithHeldLesson } from './held-lesson.ts';
import { openClass } from './pages/classes.ts';

for (const width of [1366, 390]) {
  test(`at ${width} px: the lesson's attendance says where reconciling with Zoom's report stands`, async ({
    page,
    app,
    signIn,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    const admin = await app.admin();
    const stamp = `${width}-${Date.now() % 100000}`;
    const teacher = await app.account('teacher', { full_name: `Cô Báo ${stamp}` });
    const an = await app.account('student', { full_name: `An ${stamp}` });
    const className = `Báo cáo ${stamp}`;
    const { lessonId } = await classWithHeldLesson(app, admin, {
      className,
      teacherId: teacher.user.user_id,
      studentIds: [an.user.user_id],
      presentIds: [an.user.user_id],
    });
    // Held on Zoom, its report read at 10:07 (UTC 03:07) yesterday: the center's yesterday, the
    // lesson's day (UTC's differs from 17:00 UTC on).
    const yesterday = addDays(vnDate(Date.now()), -1);
    const readAt = `${yesterday}T03:07:00.000Z`;
    app.sql(
      "insert into lesson_meetings (schedule_id, provider, external_id, host_account_id, join_data, secret_data, created_at, ended_at) values (?, 'zoom', '81234567890', null, '{}', '{}', ?, ?)",
      lessonId,
      readAt,
      readAt,
    );
    app.sql(
      "insert into attendance_reports (schedule_id, state, due_at, attempts, claimed_until, reconciled_at, updated_at) values (?, 'done', ?, 1, null, ?, ?)",
      lessonId,
      readAt,
      readAt,
      readAt,
    );

    await signIn(page, teacher, '/classes');
    const details = await openClass(page, className, 'Lịch Học');
    await details.getByRole('button', { name: 'Điểm danh buổi Unit 1' }).click();
    const marking = page.getByRole('dialog', { name: 'Điểm danh: Unit 1' });
    const [y, m, d] = yesterday!.split('-');
    await expect(marking.getByTestId('provider-report')).toHaveText(
      `Đã đối chiếu với báo cáo Zoom lúc 10:07 ${d}/${m}/${y}`,
    );
    await expect(marking.getByTestId('marking-row')).toContainText('Theo Zoom: Có mặt · 60 phút');

    // The same lesson on an account without reports.
    app.sql(
      "update attendance_reports set state = 'unavailable', reconciled_at = null where schedule_id = ?",
      lessonId,
    );
    await page.reload();
    const again = await openClass(page, className, 'Lịch Học');
    await again.getByRole('button', { name: 'Điểm danh buổi Unit 1' }).click();
    await expect(
      page.getByRole('dialog', { name: 'Điểm danh: Unit 1' }).getByTestId('provider-report'),
    ).toHaveText('Tài khoản Zoom không có báo cáo: điểm danh theo sự kiện webhook');
  });
}
