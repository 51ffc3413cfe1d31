// The phone (issue 26 point 6), at 390×844: for each role, every page the role can open and every
// dialog it can open there, none wider than the screen. The page must not scroll sideways
// (a wide table scrolls inside its own box, docs/product.md "On a phone") and no open dialog may
// stick out of the screen or scroll sideways itself. The pages come from the app's own route
// table, so a new page is visited without a change here; a new dialog is one line of DIALOGS.
import type { Locator, Page } from '@playwright/test';
import type { Role } from '#common/constants.ts';
import { appRoutes } from '#web/app/paths.ts';
import { type Account, uniqueEmail } from '../helpers/factories.ts';
import { addDays, createClass, createLesson, enrol, vnDate, vnTime } from '../helpers/school.ts';
import { type AppServer, expect, test } from './fixtures.ts';
import { heldYesterday } from './held-lesson.ts';

test.use({ viewport: { width: 390, height: 844 } });

/** What each story sets up: a class with a held lesson and upcoming ones, a room, a closed day. */
interface Seed {
  className: string;
  heldTopic: string;
  upcomingTopic: string;
  /** How many of the class's lessons are past (the first columns of its attendance grid). */
  pastLessons: number;
  roomName: string;
  accounts: Record<Role, Account>;
}

/** How a dialog is reached from its page: clicks, as a user makes them. */
type Opener = (page: Page, seed: Seed) => Promise<unknown>;

interface DialogVisit {
  roles: readonly Role[];
  /** The page's path, from the app's route table. */
  page: string;
  /** The dialog's accessible name (its title). */
  dialog: string | RegExp | ((seed: Seed) => string);
  open: Opener;
  /** What else to check in the open dialog, beyond its width. */
  check?: (dialog: Locator, seed: Seed) => Promise<void>;
}

const EVERYONE: readonly Role[] = ['admin', 'staff', 'teacher', 'student', 'parent'];
const MANAGERS: readonly Role[] = ['admin', 'staff'];
const ADMIN: readonly Role[] = ['admin'];

/** Clicks the page's button named `name`. */
const button =
  (name: string | RegExp): Opener =>
  (page) =>
    page
      .getByRole('button', { name, exact: typeof name === 'string' })
      .first()
      .click();

/**
 * Clicks a row's action of the page's table, after checking it is in view without scrolling the
 * table (its column stays at the right edge on a phone).
 */
const rowAction =
  (name: RegExp): Opener =>
  async (page) => {
    const action = page.getByRole('row').getByRole('button', { name }).first();
    await expect(action).toBeInViewport({ ratio: 1 });
    await action.click();
  };

/** Opens the seeded class's details dialog (by its card or row), on `tab` when given. */
const classDialog =
  (tab?: string): Opener =>
  async (page, seed) => {
    await page.getByRole('button', { name: seed.className }).first().click();
    if (tab) await details(page, seed).getByRole('tab', { name: tab }).click();
  };

const details = (page: Page, seed: Seed) => page.getByRole('dialog', { name: seed.className });

/** Opens the class's dialog on `tab`, then clicks the button named `name` inside it. */
const inClass =
  (tab: string, name: string | ((seed: Seed) => string)): Opener =>
  async (page, seed) => {
    await classDialog(tab)(page, seed);
    const label = typeof name === 'string' ? name : name(seed);
    await details(page, seed).getByRole('button', { name: label, exact: true }).click();
  };

/** A lesson's change menu in the class's Lịch Học tab, then its item `item`. */
const lessonChange =
  (item: string): Opener =>
  async (page, seed) => {
    await inClass('Lịch Học', (s) => `Dời hoặc huỷ buổi học ${s.upcomingTopic}`)(page, seed);
    await page.getByRole('menuitem', { name: item }).click();
  };

/** The profile dialog, from the user menu of the phone's header. */
const profile: Opener = async (page) => {
  await page.getByRole('button', { name: 'Mở menu người dùng' }).click();
  await page.getByRole('button', { name: 'Chỉnh sửa hồ sơ' }).click();
};

/** Opens a dialog with `first`, then clicks the button named `name` in it (a dialog's dialog). */
const thenIn =
  (first: Opener, dialog: string, name: string | RegExp): Opener =>
  async (page, seed) => {
    await first(page, seed);
    await page.getByRole('dialog', { name: dialog }).getByRole('button', { name }).first().click();
  };

/** The seeded student's tuition account (found by name), then its button `name`. */
const tuitionOf =
  (name: string): Opener =>
  async (page, seed) => {
    const student = seed.accounts.student.user.full_name;
    // The list follows the typing (searched on the server): once it has settled, the choice holds.
    await expect(async () => {
      await page.getByRole('combobox', { name: 'Học viên' }).fill(student);
      await page
        .getByRole('option', { name: new RegExp(student) })
        .first()
        .click({ timeout: 3000 });
      await expect(page.getByTestId('tuition-balance')).toBeVisible({ timeout: 3000 });
    }).toPass({ timeout: 20_000 });
    await page.getByRole('button', { name, exact: true }).click();
  };

/** The first row of the page's table (opens the account's details). */
const firstRow: Opener = (page) => page.getByRole('row').nth(1).click();

// Every dialog each role can open, page by page. Adding a dialog is adding a line.
const DIALOGS: DialogVisit[] = [
  { roles: EVERYONE, page: '/dashboard', dialog: 'Hồ sơ cá nhân', open: profile },
  { roles: EVERYONE, page: '/classes', dialog: (s) => s.className, open: classDialog() },
  {
    roles: ['admin', 'staff', 'teacher'],
    page: '/classes',
    dialog: (s) => s.className,
    open: classDialog('Học Viên'),
  },
  { roles: EVERYONE, page: '/classes', dialog: (s) => s.className, open: classDialog('Lịch Học') },
  {
    roles: ['student'],
    page: '/classes',
    dialog: (s) => s.className,
    open: classDialog('Điểm danh'),
  },
  {
    roles: ['admin', 'staff', 'teacher'],
    page: '/classes',
    dialog: (s) => s.className,
    open: classDialog('Điểm danh'),
    check: (dialog, seed) => expectGridOpensAtLastPastLesson(dialog, seed),
  },
  { roles: MANAGERS, page: '/classes', dialog: 'Tạo lớp học', open: button('Tạo lớp học') },
  {
    roles: MANAGERS,
    page: '/classes',
    dialog: 'Sửa lớp học',
    open: inClass('Tổng Quan', 'Sửa lớp học'),
  },
  {
    roles: MANAGERS,
    page: '/classes',
    dialog: 'Xóa lớp học',
    open: inClass('Tổng Quan', 'Xóa lớp học'),
  },
  {
    roles: MANAGERS,
    page: '/classes',
    dialog: 'Thêm buổi học',
    open: inClass('Lịch Học', 'Thêm buổi học'),
  },
  {
    roles: MANAGERS,
    page: '/classes',
    dialog: 'Thêm chuỗi buổi học',
    open: inClass('Lịch Học', 'Thêm chuỗi buổi học'),
  },
  {
    roles: MANAGERS,
    page: '/classes',
    dialog: 'Xóa buổi học',
    open: inClass('Lịch Học', (s) => `Xóa buổi học ${s.upcomingTopic}`),
  },
  { roles: MANAGERS, page: '/classes', dialog: 'Dời buổi học', open: lessonChange('Dời buổi học') },
  { roles: MANAGERS, page: '/classes', dialog: 'Huỷ buổi học', open: lessonChange('Huỷ buổi học') },
  // A held lesson's report (docs/decisions/037): its reader and its writer alike.
  {
    roles: ['admin', 'staff', 'teacher', 'student'],
    page: '/classes',
    dialog: 'Nhận xét buổi học',
    open: inClass('Lịch Học', (s) => `Nhận xét buổi học ${s.heldTopic}`),
  },
  {
    roles: ['admin', 'staff', 'teacher'],
    page: '/classes',
    dialog: (s) => `Điểm danh: ${s.heldTopic}`,
    open: inClass('Lịch Học', (s) => `Điểm danh buổi ${s.heldTopic}`),
  },
  {
    roles: ['admin', 'staff', 'teacher'],
    page: '/schedules',
    dialog: (s) => s.className,
    // The seeded class's lesson, whatever the day of the week (the page opens on this week) and
    // whatever other stories put on this worker's server.
    open: async (page, seed) => {
      await page.getByRole('combobox', { name: 'Thời gian' }).click();
      await page.getByRole('option', { name: 'Tất cả các ngày' }).click();
      await page.getByRole('searchbox', { name: 'Tìm kiếm' }).fill(seed.className);
      await page.getByTestId('schedule-card').filter({ hasText: seed.className }).first().click();
    },
  },
  { roles: MANAGERS, page: '/students', dialog: 'Thêm học viên', open: button('Thêm học viên') },
  {
    roles: MANAGERS,
    page: '/students',
    dialog: 'Nhập tài khoản từ tệp',
    open: button('Nhập từ tệp'),
  },
  { roles: MANAGERS, page: '/students', dialog: 'Thông tin tài khoản', open: firstRow },
  { roles: MANAGERS, page: '/students', dialog: 'Xóa tài khoản', open: rowAction(/^Xóa /) },
  { roles: MANAGERS, page: '/teachers', dialog: 'Thêm giáo viên', open: button('Thêm giáo viên') },
  { roles: MANAGERS, page: '/teachers', dialog: 'Thông tin tài khoản', open: firstRow },
  { roles: MANAGERS, page: '/teachers', dialog: 'Xóa tài khoản', open: rowAction(/^Xóa /) },
  { roles: ADMIN, page: '/staffs', dialog: 'Thêm nhân viên', open: button('Thêm nhân viên') },
  {
    roles: ADMIN,
    page: '/zoom-accounts',
    dialog: 'Kết quả kiểm tra kết nối Zoom',
    open: button('Kiểm tra kết nối Zoom'),
  },
  {
    roles: ADMIN,
    page: '/settings',
    dialog: 'Thông tin trung tâm',
    open: button('Mở Thông tin trung tâm'),
  },
  { roles: ADMIN, page: '/settings', dialog: 'Quản lý Theme', open: button('Mở Quản lý Theme') },
  {
    roles: ADMIN,
    page: '/settings',
    dialog: 'Tạo theme mới',
    open: thenIn(button('Mở Quản lý Theme'), 'Quản lý Theme', 'Tạo theme mới'),
  },
  {
    roles: ADMIN,
    page: '/settings',
    dialog: 'Chỉnh sửa theme',
    open: thenIn(button('Mở Quản lý Theme'), 'Quản lý Theme', /^Sửa /),
  },
  { roles: MANAGERS, page: '/rooms', dialog: 'Thêm phòng', open: button('Thêm phòng') },
  { roles: MANAGERS, page: '/rooms', dialog: /^Sửa phòng/, open: button(/^Sửa phòng/) },
  {
    roles: MANAGERS,
    page: '/closed-days',
    dialog: 'Thêm ngày nghỉ',
    open: button('Thêm ngày nghỉ'),
  },
  {
    roles: MANAGERS,
    page: '/closed-days',
    dialog: 'Đề xuất ngày lễ',
    open: button('Đề xuất ngày lễ'),
  },
  {
    roles: MANAGERS,
    page: '/closed-days',
    dialog: /^Đổi tên ngày nghỉ/,
    open: button(/^Đổi tên ngày nghỉ/),
  },
  // Issue 26: the Zoom, Users and Security cards of Settings; correcting a person's details.
  { roles: ADMIN, page: '/settings', dialog: 'Kết nối Zoom', open: button('Mở Zoom') },
  { roles: ADMIN, page: '/settings', dialog: 'Người dùng', open: button('Mở Người dùng') },
  { roles: ADMIN, page: '/settings', dialog: 'Bảo mật', open: button('Mở Bảo mật') },
  {
    roles: MANAGERS,
    page: '/students',
    dialog: /^Sửa thông tin của /,
    open: thenIn(firstRow, 'Thông tin tài khoản', 'Sửa thông tin'),
  },
  // Issue 27: a class's fee plan (its form inside the class's dialog) and the tuition page's dialogs.
  {
    roles: ADMIN,
    page: '/classes',
    dialog: (s) => s.className,
    open: inClass('Học phí', 'Đặt học phí'),
  },
  {
    roles: MANAGERS,
    page: '/tuition',
    dialog: 'Ghi nhận thanh toán',
    open: tuitionOf('Ghi nhận thanh toán'),
  },
  { roles: ADMIN, page: '/tuition', dialog: 'Thêm ưu đãi', open: tuitionOf('Thêm ưu đãi') },
  // Invoices: a draft for the student, a month's run (the invoice's own dialogs: invoices.spec.ts).
  { roles: MANAGERS, page: '/tuition', dialog: 'Lập hoá đơn', open: tuitionOf('Lập hoá đơn') },
  {
    roles: MANAGERS,
    page: '/tuition',
    dialog: 'Lập hoá đơn tháng',
    open: button('Lập hoá đơn tháng'),
  },
  // Issue 28: teachers' pay, the rates tab's dialog.
  {
    roles: ADMIN,
    page: '/teacher-pay',
    dialog: 'Đặt mức lương',
    open: async (page) => {
      await page.getByRole('tab', { name: 'Mức lương' }).click();
      await page.getByRole('button', { name: 'Đặt mức lương' }).click();
    },
  },
];

/**
 * The attendance grid (docs/product.md "On a phone"): it opens scrolled so the most recent past
 * lesson is the last column in view (the upcoming ones beyond the right edge), and the names stay
 * at the left edge while the lessons scroll under them.
 */
async function expectGridOpensAtLastPastLesson(dialog: Locator, seed: Seed) {
  const grid = dialog.getByRole('region', { name: 'Bảng điểm danh của lớp' });
  await expect(grid.getByRole('row')).toHaveCount(2);
  const placement = () =>
    grid.evaluate((box, pastLessons) => {
      const frame = box.getBoundingClientRect();
      const heads = Array.from(box.querySelectorAll('thead th')).map((cell) =>
        cell.getBoundingClientRect(),
      );
      return {
        scrolled: box.scrollLeft,
        namesAt: heads[0]!.left - frame.left,
        lastPastEndsAt: heads[pastLessons]!.right - frame.right,
        firstUpcomingStartsAt: heads[pastLessons + 1]!.left - frame.right,
      };
    }, seed.pastLessons);
  const opened = await placement();
  expect(opened.scrolled).toBeGreaterThan(0);
  expect(Math.abs(opened.namesAt)).toBeLessThan(1);
  expect(Math.abs(opened.lastPastEndsAt)).toBeLessThan(2);
  expect(opened.firstUpcomingStartsAt).toBeGreaterThanOrEqual(-2);
  // Scrolled to the upcoming lessons, the names are still at the left edge, with the student's.
  await grid.evaluate((box) => box.scrollTo({ left: box.scrollWidth }));
  expect(Math.abs((await placement()).namesAt)).toBeLessThan(1);
  await expect(
    grid.getByRole('cell', { name: seed.accounts.student.user.full_name }),
  ).toBeVisible();
}

/** What sticks out sideways: the page, and each open dialog (its box and its scrolling). */
async function overflows(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth) {
      found.push(`page ${root.scrollWidth} > ${root.clientWidth}`);
    }
    for (const dialog of Array.from(document.querySelectorAll('[role="dialog"]'))) {
      const name = dialog.getAttribute('aria-label') ?? dialog.id;
      const box = dialog.getBoundingClientRect();
      if (box.left < -0.5 || box.right > window.innerWidth + 0.5) {
        found.push(`dialog ${name} spans ${box.left}…${box.right} of ${window.innerWidth}`);
      }
      for (const part of [dialog, ...Array.from(dialog.querySelectorAll('.mantine-Modal-body'))]) {
        if (part.scrollWidth > part.clientWidth + 1) {
          found.push(`dialog ${name} scrolls sideways: ${part.scrollWidth} > ${part.clientWidth}`);
        }
      }
    }
    return found;
  });
}

async function expectNothingWider(page: Page, where: string) {
  expect(await overflows(page), where).toEqual([]);
}

/** Opens `path` and waits for its content (the page's heading, any loader gone). */
async function visit(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('main').locator('.mantine-Loader')).toHaveCount(0);
}

/** Closes every open dialog with Escape (untouched dialogs close without asking). */
async function closeDialogs(page: Page) {
  const dialogs = page.getByRole('dialog');
  for (let i = 0; i < 4 && (await dialogs.count()) > 0; i++) {
    await page.keyboard.press('Escape');
    await page.waitForTimeout(250);
  }
  await expect(dialogs).toHaveCount(0);
}

async function seedSchool(app: AppServer, stamp: string): Promise<Seed> {
  const admin = await app.admin();
  // Long Vietnamese names, as real ones are: they must wrap, not widen the screen.
  const accounts = {
    admin: await app.account('admin', { full_name: `Quản Trị Viên Trung Tâm ${stamp}` }),
    staff: await app.account('staff', { full_name: `Nhân Viên Giáo Vụ Lâu Năm ${stamp}` }),
    teacher: await app.account('teacher', {
      full_name: `Nguyễn Thị Phương Thảo Giáo Viên ${stamp}`,
      email: uniqueEmail(`giao-vien-tieng-anh-lau-nam-${stamp}`),
    }),
    student: await app.account('student', {
      full_name: `Trần Hoàng Bảo Ngọc Học Viên ${stamp}`,
      email: uniqueEmail(`hoc-vien-chuong-trinh-ielts-${stamp}`),
    }),
    // The student's parent (issue 29), linked as the staff would link them.
    parent: await app.account('parent', { full_name: `Phụ Huynh Của Bảo Ngọc ${stamp}` }),
  } satisfies Record<Role, Account>;
  app.sql(
    'insert into student_parents (student_id, parent_id, created_at, created_by) values (?, ?, ?, null)',
    accounts.student.user.user_id,
    accounts.parent.user.user_id,
    new Date().toISOString(),
  );
  const today = vnDate(Date.now());
  const className = `IELTS Foundation buổi tối cho người đi làm ${stamp}`;
  const { class_id: classId } = await createClass(admin, accounts.teacher.user.user_id, {
    class_name: className,
    start_date: addDays(today, -30),
    end_date: addDays(today, 60),
    default_venue: 'link',
    meeting_link: 'https://meet.example.com/x',
  });
  await enrol(admin, classId, [accounts.student.user.user_id]);
  const heldTopic = `Bài 1 ${stamp}`;
  const held = await createLesson(
    admin,
    classId,
    vnTime(addDays(today, 2), '09:00'),
    60,
    heldTopic,
  );
  heldYesterday(app, { classId, lessonId: held.schedule_id }, [accounts.student.user.user_id]);
  // Three more lessons held in the weeks before: the past fills more than the phone's width.
  const earlier = [-22, -15, -8];
  for (const [index, days] of earlier.entries()) {
    const { schedule_id } = await createLesson(
      admin,
      classId,
      vnTime(addDays(today, 3 + index), '09:00'),
      60,
      `Bài 0.${index + 1} ${stamp}`,
    );
    const start = vnTime(addDays(today, days), '18:00');
    const end = vnTime(addDays(today, days), '19:30');
    app.sql(
      "update schedules set start_time = ?, end_time = ?, status = 'completed' where schedule_id = ?",
      start,
      end,
      schedule_id,
    );
  }
  app.sql(
    'update class_students set enrolled_at = ? where class_id = ?',
    vnTime(addDays(today, -30), '08:00'),
    classId,
  );
  // Enough upcoming lessons that the attendance grid is wider than the phone.
  const upcomingTopic = `Bài 2 ${stamp}`;
  for (let week = 1; week <= 6; week++) {
    const topic = week === 1 ? upcomingTopic : `Bài ${week + 1} ${stamp}`;
    await createLesson(admin, classId, vnTime(addDays(today, week * 7), '18:00'), 90, topic);
  }
  const roomName = `Phòng 301 ${stamp}`;
  const room = await admin.post('/api/rooms', { name: roomName });
  expect(room.status, room.text).toBe(201);
  // A closed day of this year (the page opens on it), on no lesson's day.
  const closedDay = [1, 2, -2, -3]
    .map((days) => addDays(today, days))
    .find((date) => date.slice(0, 4) === today.slice(0, 4));
  const closed = await admin.post('/api/closed-days', {
    name: `Nghỉ lễ ${stamp}`,
    from_date: closedDay,
  });
  // (An earlier story on this worker's server may have closed that day already.)
  expect([201, 409], closed.text).toContain(closed.status);
  return {
    className,
    heldTopic,
    upcomingTopic,
    pastLessons: earlier.length + 1,
    roomName,
    accounts,
  };
}

const dialogName = (visit: DialogVisit, seed: Seed) =>
  typeof visit.dialog === 'function' ? visit.dialog(seed) : visit.dialog;

const pagesOf = (role: Role) =>
  Object.values(appRoutes)
    .filter((route) => (route.roles as readonly Role[]).includes(role))
    .map((route): string => route.path);

for (const role of EVERYONE) {
  test(`at 390 px, every page and dialog of the ${role} fits the screen`, async ({
    page,
    app,
    signIn,
  }) => {
    // Every page and dialog of the role, one after the other: the admin's are many (issue 28 adds pay).
    test.setTimeout(240_000);
    const seed = await seedSchool(app, `${role}-${Date.now() % 100000}`);
    await signIn(page, seed.accounts[role]);
    // The bell and its unread count are in the header, not in the drawer; its list fits too.
    const header = page.getByRole('banner');
    const bell = header.getByRole('button', { name: /^Thông báo/ });
    if (role === 'student') {
      // Told they were added to the class: one unread, counted on the bell.
      await expect(bell).toHaveAccessibleName('Thông báo (1 thông báo chưa đọc)');
      await expect(header.getByTestId('notifications-count')).toContainText('1');
    }
    await bell.click();
    const notifications = page.getByRole('region', { name: 'Thông báo' });
    await expect(notifications).toBeVisible();
    await expectNothingWider(page, 'notifications');
    await bell.click();
    await expect(notifications).toBeHidden();

    const pages = pagesOf(role);
    const dialogs = DIALOGS.filter((visit) => visit.roles.includes(role));
    for (const path of pages) {
      await visit(page, path);
      await expectNothingWider(page, path);
      for (const entry of dialogs.filter((visit) => visit.page === path)) {
        const name = dialogName(entry, seed);
        const where = `${path}: ${name}`;
        await entry.open(page, seed);
        const dialog: Locator = page.getByRole('dialog', { name });
        await expect(dialog, where).toBeVisible();
        await expectNothingWider(page, where);
        await entry.check?.(dialog, seed);
        await closeDialogs(page);
      }
    }
    // Every dialog of the list was on a page the role can open.
    const visited = new Set(pages);
    expect(dialogs.filter((visit) => !visited.has(visit.page))).toEqual([]);
  });
}
