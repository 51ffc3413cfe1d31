// A student's class card shows lessons held out of lessons planned (product.md, Deviations), on a desktop
// and on a phone: nothing held on day one, a running lesson not yet counted.
import {
  addDays,
  createLesson,
  enrol,
  teacherWithClass,
  vnDate,
  vnTime,
} from '../helpers/school.ts';
import { expect, test } from './fixtures.ts';

const today = () => vnDate(Date.now());

for (const width of [1366, 390]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 860 } });

    test('a student sees lessons held out of lessons planned on their class card', async ({
      page,
      app,
      signIn,
    }) => {
      const student = await app.account('student');
      const name = `Progress ${width}`;
      const { admin, classId } = await teacherWithClass(app, {
        class_name: name,
        start_date: addDays(today(), -10),
        end_date: addDays(today(), 60),
      });
      await enrol(admin, classId, [student.user.user_id]);
      const ids: string[] = [];
      for (let i = 0; i < 4; i++) {
        const start = vnTime(addDays(today(), i + 1), '19:00');
        ids.push((await createLesson(admin, classId, start, 60, `Lesson ${i}`)).schedule_id);
      }
      // Two lessons held, one running: 2 of 4, not a fixed share of the lesson count.
      app.sql(
        "update schedules set status = 'completed' where schedule_id in (?, ?)",
        ids[0]!,
        ids[1]!,
      );
      app.sql("update schedules set status = 'active' where schedule_id = ?", ids[2]!);

      await signIn(page, student, '/classes');
      const card = page.getByTestId('class-grid').getByRole('button', { name });
      await expect(card.getByTestId('progress-text')).toHaveText('2/4');
      await expect(card.getByRole('progressbar', { name: 'Tiến độ 2/4' })).toBeVisible();
      const box = await card.boundingBox();
      expect(box && box.x + box.width).toBeLessThanOrEqual(width);
    });
  });
}
