// Deleting a teacher who still has classes (product.md, Deviations), on a desktop and on a phone: staff
// see the classes in the confirm, a hand-over that clashes is refused with the lessons named, a
// hand-over to a free teacher moves the classes, and only then is the teacher deleted.
import { createAccount } from '../helpers/factories.ts';
import {
  addDays,
  createClass,
  createLesson,
  runningFromToday,
  teacherWithClass,
  vnDate,
  vnTime,
} from '../helpers/school.ts';
import { expect, test } from './fixtures.ts';
import { expectToast } from './pages/dialogs.ts';

for (const width of [1366, 390]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 860 } });

    test('staff hands a teacher’s classes to another teacher, then deletes the teacher', async ({
      page,
      app,
      signIn,
    }) => {
      const tomorrow = addDays(vnDate(Date.now()), 1);
      const leavingName = `Thầy Rời ${width}`;
      const { admin, classId } = await teacherWithClass(
        app,
        { class_name: `Lớp Rời ${width}`, ...runningFromToday() },
        leavingName,
      );
      await createLesson(admin, classId, vnTime(tomorrow, '19:00'), 90, 'Unit 1');
      const busy = await createAccount(app, admin, 'teacher', { full_name: `Cô Bận ${width}` });
      const busyClass = await createClass(admin, busy.user.user_id, {
        class_name: `Lớp Bận ${width}`,
        ...runningFromToday(),
      });
      await createLesson(admin, busyClass.class_id, vnTime(tomorrow, '20:00'), 60, 'Busy');
      const free = await createAccount(app, admin, 'teacher', { full_name: `Cô Rảnh ${width}` });

      await signIn(page, await app.account('staff'), '/teachers');
      await page.getByRole('button', { name: `Xóa ${leavingName}` }).click();
      const dialog = page.getByRole('dialog', { name: 'Xóa tài khoản' });
      await expect(dialog.getByText(`${leavingName} đang phụ trách 1 lớp học`)).toBeVisible();
      const list = dialog.getByRole('list', { name: 'Các lớp đang phụ trách' });
      await expect(list).toContainText(`Lớp Rời ${width}`);
      await expect(list).toContainText('1 buổi chưa diễn ra');

      const picker = dialog.getByRole('combobox', { name: 'Chuyển cho giáo viên' });
      const choose = async (name: string) => {
        await picker.click();
        await picker.fill(name);
        await page.getByRole('option', { name }).click();
        await expect(picker).toHaveValue(name);
      };
      // The busy teacher's lesson at 20:00 overlaps the class's 19:00–20:30 lesson.
      await choose(`Cô Bận ${width}`);
      await dialog.getByRole('button', { name: 'Chuyển lớp' }).click();
      await expect(dialog.getByRole('alert')).toContainText(
        `Lớp Rời ${width} 19:00 ${tomorrow.split('-').reverse().join('/')}`,
      );
      await expect(list).toContainText(`Lớp Rời ${width}`);

      await choose(`Cô Rảnh ${width}`);
      await dialog.getByRole('button', { name: 'Chuyển lớp' }).click();
      await expectToast(page, `Đã chuyển 1 lớp học cho Cô Rảnh ${width}.`);
      await expect(
        dialog.getByText(`Bạn có chắc muốn xóa tài khoản ${leavingName}?`, { exact: false }),
      ).toBeVisible();
      await dialog.getByRole('button', { name: 'Xóa', exact: true }).click();
      await expectToast(page, `Đã xóa tài khoản ${leavingName}.`);
      await expect(page.getByRole('row', { name: new RegExp(leavingName) })).toHaveCount(0);

      const klass = await admin.get(`/api/classes/${classId}`);
      expect(klass.body).toMatchObject({ is_active: true, teacher_id: free.user.user_id });
    });
  });
}
