import {
  addDays,
  createClass,
  createLesson,
  enrol,
  runningFromToday,
  shown,
  vnDate,
  vnTime,
} from '../helpers/school.ts';
import { expect, test } from './fixtures.ts';
import { classDialog, openClass } from './pages/classes.ts';
import { confirmIn, expectToast } from './pages/dialogs.ts';
import { holdOnLink } from './pages/venues.ts';

const today = () => vnDate(Date.now());

test('staff creates a class, enrols a student and adds a lesson, with every validation message', async ({
  page,
  app,
  signIn,
}) => {
  const stamp = Date.now() % 100000;
  await app.account('teacher', { full_name: `Thầy Tùng ${stamp}` });
  await app.account('student', { full_name: `Học viên Hoa ${stamp}` });
  await signIn(page, await app.account('staff'));
  await page.getByRole('link', { name: 'Classes' }).click();
  await page.getByRole('button', { name: 'Tạo lớp học' }).click();
  const form = page.getByRole('dialog', { name: 'Tạo lớp học' });
  const save = form.getByRole('button', { name: 'Lưu lớp học' });
  // Every field's problem at once, each under its own field (and named by it for screen readers).
  await save.click();
  const nameInput = form.getByRole('textbox', { name: 'Tên lớp học' });
  const teacherSelect = form.getByRole('combobox', { name: 'Giáo viên' });
  await expect(nameInput).toHaveAccessibleDescription('Vui lòng nhập tên lớp học');
  await expect(teacherSelect).toHaveAccessibleDescription('Vui lòng chọn giáo viên');
  await expect(form.getByLabel('Ngày bắt đầu')).toHaveAccessibleDescription(
    'Vui lòng chọn ngày bắt đầu và kết thúc',
  );
  await expect(form.getByLabel('Ngày kết thúc')).toHaveAccessibleDescription(
    'Vui lòng chọn ngày bắt đầu và kết thúc',
  );
  await nameInput.fill(`IELTS ${stamp}`);
  await save.click();
  await expect(nameInput).not.toHaveAccessibleDescription('Vui lòng nhập tên lớp học');
  await expect(teacherSelect).toHaveAccessibleDescription('Vui lòng chọn giáo viên');
  // The shared searchable select: type to filter, arrows and Enter to choose.
  await teacherSelect.click();
  await teacherSelect.fill(`Tùng ${stamp}`);
  await expect(page.getByRole('option', { name: `Thầy Tùng ${stamp}` })).toBeVisible();
  await teacherSelect.press('ArrowDown');
  await teacherSelect.press('Enter');
  await expect(teacherSelect).toHaveValue(`Thầy Tùng ${stamp}`);
  await form.getByLabel('Ngày bắt đầu').fill(shown(addDays(today(), 30)));
  await form.getByLabel('Ngày kết thúc').fill(shown(addDays(today(), 1)));
  await form.getByLabel('Ngày kết thúc').press('Tab');
  await save.click();
  await expect(form.getByLabel('Ngày kết thúc')).toHaveAccessibleDescription(
    'Ngày kết thúc không được trước ngày bắt đầu',
  );
  await form.getByLabel('Ngày bắt đầu').fill(shown(today()));
  await expect(form.getByLabel('Ngày bắt đầu')).toHaveValue(shown(today()));
  await form.getByLabel('Ngày kết thúc').fill(shown(addDays(today(), 60)));
  await form.getByLabel('Ngày kết thúc').press('Tab');
  // Zoom is not connected on this server: the class is held on its link.
  await holdOnLink(page, form, 'https://meet.google.com/abc-defg-hij');
  await save.click();
  await expectToast(page, 'Tạo lớp học thành công!');

  const details = await openClass(page, `IELTS ${stamp}`);
  // Its title is the class's name, whichever tab is open.
  await expect(page.getByRole('dialog', { name: `IELTS ${stamp}` })).toBeVisible();
  await expect(details.getByText(`Thầy Tùng ${stamp}`)).toBeVisible();
  await details.getByRole('tab', { name: 'Học Viên' }).click();
  await expect(details.getByText('Lớp học chưa có học viên.')).toBeVisible();
  const picker = details.getByRole('combobox', { name: 'Chọn học viên' });
  await picker.click();
  await picker.fill(`Hoa ${stamp}`);
  await expect(
    page.getByRole('option', { name: new RegExp(`Học viên Hoa ${stamp}`) }),
  ).toBeVisible();
  await picker.press('ArrowDown');
  await picker.press('Enter');
  await expect(picker).toHaveValue(new RegExp(`Học viên Hoa ${stamp}`));
  await details.getByRole('button', { name: 'Thêm', exact: true }).click();
  await expectToast(page, 'Đã thêm học viên vào lớp.');
  await expect(
    details.getByRole('row', { name: new RegExp(`Học viên Hoa ${stamp}`) }),
  ).toBeVisible();

  await details.getByRole('tab', { name: 'Lịch Học' }).click();
  await details.getByRole('button', { name: 'Thêm buổi học' }).click();
  const lesson = page.getByRole('dialog', { name: 'Thêm buổi học' });
  const add = lesson.getByRole('button', { name: 'Thêm buổi học' });
  const topic = lesson.getByRole('textbox', { name: 'Chủ đề' });
  const start = lesson.getByLabel('Bắt đầu');
  const end = lesson.getByLabel('Kết thúc');
  await add.click();
  await expect(topic).toHaveAccessibleDescription('Vui lòng nhập chủ đề buổi học');
  await expect(start).toHaveAccessibleDescription('Vui lòng chọn thời gian bắt đầu và kết thúc');
  await expect(end).toHaveAccessibleDescription('Vui lòng chọn thời gian bắt đầu và kết thúc');
  await topic.fill('Speaking Part 2');
  // Typed and shown the Vietnamese way: dd/mm/yyyy and a 24-hour time.
  await start.fill(`${shown(addDays(today(), 2))} 09:00`);
  await expect(start).toHaveValue(`${shown(addDays(today(), 2))} 09:00`);
  // Choosing a start sets the end one hour later.
  await expect(end).toHaveValue(`${shown(addDays(today(), 2))} 10:00`);
  await expect(lesson.getByTestId('lesson-duration')).toHaveText('Thời lượng: 1 giờ');
  await end.fill(`${shown(addDays(today(), 2))} 10:30`);
  await expect(lesson.getByTestId('lesson-duration')).toHaveText('Thời lượng: 1 giờ 30 phút');
  await end.fill(`${shown(addDays(today(), 2))} 08:00`);
  await add.click();
  await expect(end).toHaveAccessibleDescription('Thời gian kết thúc phải sau thời gian bắt đầu');
  await start.fill(`${shown(addDays(today(), -1))} 09:00`);
  await add.click();
  await expect(start).toHaveAccessibleDescription('Thời gian bắt đầu không thể trong quá khứ');
  await start.fill(`${shown(addDays(today(), 2))} 09:00`);
  await add.click();
  await expectToast(page, 'Đã thêm buổi học.');
  await expect(details.getByTestId('lesson-item')).toContainText('Speaking Part 2');
  await expect(details.getByTestId('lesson-item')).toContainText('Chưa bắt đầu');

  // A lesson overlapping it is refused by the server with a clear message.
  await details.getByRole('button', { name: 'Thêm buổi học' }).click();
  await lesson.getByRole('textbox', { name: 'Chủ đề' }).fill('Overlap');
  await lesson.getByLabel('Bắt đầu').fill(`${shown(addDays(today(), 2))} 09:30`);
  await add.click();
  // The server's refusal names the field: it is shown under it.
  await expect(lesson.getByLabel('Bắt đầu')).toHaveAccessibleDescription(
    'Lớp học đã có buổi học khác trong khoảng thời gian này.',
  );
});

test('a teacher sees only their own classes and schedules', async ({ page, app, signIn }) => {
  const admin = await app.admin();
  const mine = await app.account('teacher');
  const other = await app.account('teacher');
  const stamp = Date.now() % 100000;
  const { class_id: own } = await createClass(admin, mine.user.user_id, {
    class_name: `Own class ${stamp}`,
    ...runningFromToday(),
  });
  const { class_id: foreign } = await createClass(admin, other.user.user_id, {
    class_name: `Foreign class ${stamp}`,
    ...runningFromToday(),
  });
  await createLesson(admin, own, vnTime(addDays(today(), 3), '09:00'), 60, `Own lesson ${stamp}`);
  await createLesson(
    admin,
    foreign,
    vnTime(addDays(today(), 3), '09:00'),
    60,
    `Foreign lesson ${stamp}`,
  );

  await signIn(page, mine);
  await page.getByRole('link', { name: 'My Classes' }).click();
  await expect(page.getByText('Quản lý các lớp học được phân công cho bạn')).toBeVisible();
  await expect(page.getByTestId('class-list').getByRole('button')).toHaveText([
    new RegExp(`Own class ${stamp}`),
  ]);
  await page.getByRole('link', { name: 'My Schedules' }).click();
  await expect(page.getByRole('heading', { name: 'My Teaching Schedule' })).toBeVisible();
  // Every day: the lesson three days on may be in next week.
  await page.getByRole('combobox', { name: 'Thời gian' }).click();
  await page.getByRole('option', { name: 'Tất cả các ngày' }).click();
  await expect(page.getByTestId('schedule-card')).toHaveCount(1);
  await expect(page.getByTestId('schedule-card')).toContainText(`Own lesson ${stamp}`);
  // A click opens the class details, read-only.
  await page.getByTestId('schedule-card').click();
  const details = classDialog(page);
  await expect(details.getByRole('tabpanel').getByText(`Own class ${stamp}`)).toBeVisible();
  await expect(details.getByRole('button', { name: 'Sửa lớp học' })).toHaveCount(0);
  await details.getByRole('tab', { name: 'Lịch Học' }).click();
  await expect(details.getByRole('button', { name: 'Thêm buổi học' })).toHaveCount(0);
});

test('teachers page through 11 classes, 10 at a time, and filter by dates', async ({
  page,
  app,
  signIn,
}) => {
  const admin = await app.admin();
  const teacher = await app.account('teacher');
  for (let i = 0; i < 10; i++) {
    await createClass(admin, teacher.user.user_id, {
      class_name: `Spring ${i}`,
      start_date: '2031-03-01',
      end_date: '2031-05-31',
    });
  }
  await createClass(admin, teacher.user.user_id, {
    class_name: 'Autumn',
    start_date: '2031-09-01',
    end_date: '2031-11-30',
  });
  await signIn(page, teacher, '/classes');
  const list = page.getByTestId('class-list').getByRole('button');
  await expect(list).toHaveCount(10);
  await expect(page.getByText('1 of 2')).toBeVisible();
  await page.getByRole('button', { name: '2', exact: true }).click();
  await expect(page.getByText('2 of 2')).toBeVisible();
  await expect(list).toHaveCount(1);

  await page.getByLabel('Từ ngày').fill('2031-08-01');
  await expect(list).toHaveText([/Autumn/]);
  await expect(page.getByText('1 of 2')).toHaveCount(0);
  await page.getByLabel('Từ ngày').fill('2031-01-01');
  await page.getByLabel('Đến ngày').fill('2031-04-01');
  await expect(list).toHaveCount(10);
  await expect(page.getByText('Autumn')).toHaveCount(0);
  await page.getByRole('button', { name: 'Clear' }).click();
  await expect(page.getByText('1 of 2')).toBeVisible();
});

test('admin edits and then deletes a class from its dialog', async ({ page, app, signIn }) => {
  const admin = await app.admin();
  const teacher = await app.account('teacher', { full_name: 'Thầy Sửa' });
  const stamp = Date.now() % 100000;
  await createClass(admin, teacher.user.user_id, {
    class_name: `Editable ${stamp}`,
    ...runningFromToday(),
  });
  await signIn(page, await app.account('admin'), '/classes');
  const details = await openClass(page, `Editable ${stamp}`);
  await details.getByRole('button', { name: 'Sửa lớp học' }).click();
  const form = page.getByRole('dialog', { name: 'Sửa lớp học' });
  await expect(form.getByRole('textbox', { name: 'Tên lớp học' })).toHaveValue(`Editable ${stamp}`);
  await form.getByRole('textbox', { name: 'Tên lớp học' }).fill(`Edited ${stamp}`);
  await form.getByRole('button', { name: 'Lưu lớp học' }).click();
  await expectToast(page, 'Cập nhật lớp học thành công!');
  await expect(details.getByRole('tabpanel').getByText(`Edited ${stamp}`)).toBeVisible();

  await details.getByRole('button', { name: 'Xóa lớp học' }).click();
  await confirmIn(page, 'Xóa lớp học');
  await expectToast(page, 'Đã xóa lớp học.');
  await expect(page.getByRole('button', { name: `Edited ${stamp}` })).toHaveCount(0);
});

test.describe('on a phone', () => {
  // 543 px of content: two 260 px cards would fit; the narrow rule below 550 px makes it one.
  test.use({ viewport: { width: 575, height: 900 } });

  test("a student's class cards take one narrow column below 550 px", async ({
    page,
    app,
    signIn,
  }) => {
    const admin = await app.admin();
    const teacher = await app.account('teacher');
    const student = await app.account('student');
    for (const name of ['Narrow A', 'Narrow B']) {
      const { class_id: classId } = await createClass(admin, teacher.user.user_id, {
        class_name: name,
        ...runningFromToday(),
      });
      await enrol(admin, classId, [student.user.user_id]);
    }
    await signIn(page, student, '/classes');
    const [a, b] = [
      await page.getByRole('button', { name: 'Narrow A' }).boundingBox(),
      await page.getByRole('button', { name: 'Narrow B' }).boundingBox(),
    ];
    // One column: the cards sit one above the other, each the grid's full width.
    expect(Math.abs(a!.x - b!.x)).toBeLessThan(2);
    expect(Math.abs(a!.y - b!.y)).toBeGreaterThan(50);
  });
});
