import type { Role } from '#common/constants.ts';
import { expect, test } from './fixtures.ts';

const menus: Record<Role, string[]> = {
  admin: [
    'Dashboard',
    'Classes',
    'Schedules',
    'Teachers',
    'Students',
    'Staff',
    'Zoom Accounts',
    'Ngày nghỉ',
    'Học phí',
    'Công nợ',
    'Đối soát',
    // Teachers' pay (issue 28): the admin's.
    'Lương giáo viên',
    // Lesson reports (issue 29): every role its own view.
    'Nhận xét buổi học',
    'Settings',
  ],
  // Staff cannot open Settings: the center's rooms and closed days are in their menu.
  staff: [
    'Dashboard',
    'Classes',
    'Schedules',
    'Teachers',
    'Students',
    'Zoom Accounts',
    'Phòng học',
    'Ngày nghỉ',
    'Học phí',
    'Công nợ',
    'Đối soát',
    'Nhận xét buổi học',
  ],
  teacher: [
    'Dashboard',
    'My Classes',
    'My Schedules',
    'Students',
    'Lương của tôi',
    'Nhận xét buổi học',
    'Library',
  ],
  student: [
    'Dashboard',
    'My Classes',
    'Điểm danh của tôi',
    'Học phí',
    'Nhận xét buổi học',
    'Library',
    'Live Room',
  ],
  // A parent follows their children (issue 29): their page, their classes, their tuition, the
  // reports of their lessons and their classes' materials.
  parent: ['Dashboard', 'Con của tôi', 'Classes', 'Học phí', 'Nhận xét buổi học', 'Library'],
};

const roleNames: Record<Role, string> = {
  admin: 'Quản trị viên',
  staff: 'Nhân viên',
  teacher: 'Giáo viên',
  student: 'Học viên',
  parent: 'Phụ huynh',
};

for (const role of Object.keys(menus) as Role[]) {
  test(`${role === 'admin' ? 'an' : 'a'} ${role} sees the ${role} menu`, async ({
    page,
    app,
    signIn,
  }) => {
    await signIn(page, await app.account(role));
    const menu = page.getByRole('navigation', { name: 'Menu chính' });
    await expect(menu.getByRole('link')).toHaveText(menus[role]);
    // The role in the reader's language, never the stored word (issue 26 point 3).
    await expect(page.getByTestId('profile-role')).toHaveText(roleNames[role]);
  });
}

const denied: Record<Exclude<Role, 'admin'>, { path: string; message: string }[]> = {
  staff: [
    { path: '/staffs', message: 'Only administrators can manage staff accounts.' },
    { path: '/settings', message: 'Chỉ Admin mới có quyền truy cập trang cài đặt này.' },
    { path: '/library', message: 'Bạn không có quyền truy cập trang này.' },
    // Teachers' pay is the admin's (docs/decisions/033).
    { path: '/teacher-pay', message: 'Bạn không có quyền truy cập trang này.' },
    { path: '/my-pay', message: 'Bạn không có quyền truy cập trang này.' },
  ],
  teacher: [
    { path: '/teacher-pay', message: 'Bạn không có quyền truy cập trang này.' },
    { path: '/teachers', message: 'Bạn không có quyền truy cập trang này.' },
    { path: '/zoom-accounts', message: 'Bạn không có quyền truy cập trang này.' },
    { path: '/settings', message: 'Chỉ Admin mới có quyền truy cập trang cài đặt này.' },
  ],
  student: [
    { path: '/schedules', message: 'Bạn không có quyền truy cập trang này.' },
    { path: '/students', message: 'Chỉ Admin và Staff mới có quyền quản lý học viên.' },
    { path: '/staffs', message: 'Only administrators can manage staff accounts.' },
    { path: '/settings', message: 'Chỉ Admin mới có quyền truy cập trang cài đặt này.' },
  ],
  // A parent reaches their children's pages only: nothing of staff, nor a student's own pages.
  parent: [
    { path: '/schedules', message: 'Bạn không có quyền truy cập trang này.' },
    { path: '/students', message: 'Chỉ Admin và Staff mới có quyền quản lý học viên.' },
    { path: '/staffs', message: 'Only administrators can manage staff accounts.' },
    { path: '/settings', message: 'Chỉ Admin mới có quyền truy cập trang cài đặt này.' },
    { path: '/attendance', message: 'Bạn không có quyền truy cập trang này.' },
    { path: '/debts', message: 'Bạn không có quyền truy cập trang này.' },
    // The Library is theirs (their children's classes' materials); the Live Room is not.
    { path: '/live-room', message: 'Bạn không có quyền truy cập trang này.' },
  ],
};

for (const role of Object.keys(denied) as (keyof typeof denied)[]) {
  test(`a ${role} typing a URL it may not open sees the access-denied panel`, async ({
    page,
    app,
    signIn,
  }) => {
    await signIn(page, await app.account(role));
    for (const { path, message } of denied[role]) {
      await page.goto(path);
      const panel = page.getByRole('alert');
      await expect(panel).toContainText('Truy cập bị từ chối');
      await expect(panel).toContainText(message);
    }
  });
}

test('an admin opens every page of the menu, and a refresh keeps the page', async ({
  page,
  app,
  signIn,
}) => {
  // Eleven pages, each its own first load of lazy chunks: more than one story's usual time.
  test.setTimeout(90_000);
  await signIn(page, await app.account('admin'));
  for (const path of [
    '/classes',
    '/schedules',
    '/teachers',
    '/students',
    '/staffs',
    '/zoom-accounts',
    '/rooms',
    '/closed-days',
    '/teacher-pay',
    '/lesson-reports',
    '/settings',
  ]) {
    await page.goto(path);
    await expect(page.getByRole('alert').filter({ hasText: 'Truy cập bị từ chối' })).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }
  await page.reload();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByRole('heading', { name: 'Cài Đặt Hệ Thống' })).toBeVisible();
});

test('a student finds the Library (issue 29) and the Live Room placeholder', async ({
  page,
  app,
  signIn,
}) => {
  await signIn(page, await app.account('student'));
  await page.getByRole('link', { name: 'Library' }).click();
  await expect(page.getByRole('heading', { name: 'Library' })).toBeVisible();
  await expect(page.getByText('Không có tài liệu nào.')).toBeVisible();
  await page.getByRole('link', { name: 'Live Room' }).click();
  await expect(page.getByText('Practice English anytime, anywhere')).toBeVisible();
  await expect(page.getByText('Coming Soon')).toBeVisible();
});

test('the chat bot shows sample messages and appends what is sent, locally', async ({
  page,
  app,
  signIn,
}) => {
  await signIn(page, await app.account('student'));
  const chat = page.getByRole('log', { name: 'CHAT BOT AI' });
  await expect(
    chat.getByText('Xin chào! Mình là trợ lý học tiếng Anh.', { exact: false }),
  ).toBeVisible();
  const requests: string[] = [];
  // The dashboard may refresh itself meanwhile; sending a chat message must call nothing.
  page.on('request', (request) => {
    if (request.method() !== 'GET') requests.push(`${request.method()} ${request.url()}`);
  });
  await page
    .getByRole('textbox', { name: 'Tin nhắn cho chat bot' })
    .fill('How do I say "xin chào"?');
  await page.getByRole('button', { name: 'Gửi tin nhắn' }).click();
  await expect(chat.getByText('How do I say "xin chào"?')).toBeVisible();
  expect(requests).toEqual([]);
});

test.describe('at 900 px wide', () => {
  test.use({ viewport: { width: 900, height: 800 } });

  test('the layout is mobile: a header with menu and user-menu toggles', async ({
    page,
    app,
    signIn,
  }) => {
    await signIn(page, await app.account('staff', { full_name: 'Mobile Staff' }));
    const menuToggle = page.getByRole('button', { name: 'Mở menu', exact: true });
    await expect(menuToggle).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Menu chính' })).toHaveCount(0);
    await menuToggle.click();
    const menu = page.getByRole('navigation', { name: 'Menu chính' });
    await expect(menu.getByRole('link', { name: 'Teachers' })).toBeVisible();
    await menu.getByRole('link', { name: 'Teachers' }).click();
    await expect(page).toHaveURL(/\/teachers$/);
    await expect(page.getByRole('navigation', { name: 'Menu chính' })).toHaveCount(0);

    await page.getByRole('button', { name: 'Mở menu người dùng' }).click();
    await expect(page.getByTestId('profile-name')).toHaveText('Mobile Staff');
    await expect(page.getByRole('button', { name: 'Đăng xuất' })).toBeVisible();
  });
});

test.describe('at 1000 px wide', () => {
  test.use({ viewport: { width: 1000, height: 800 } });

  test('the layout is the desktop one with both sidebars', async ({ page, app, signIn }) => {
    await signIn(page, await app.account('staff'));
    await expect(page.getByRole('button', { name: 'Mở menu', exact: true })).toHaveCount(0);
    await expect(page.getByRole('navigation', { name: 'Menu chính' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Đăng xuất' })).toBeVisible();
  });
});

test('the browser console stays quiet unless the logging flag is "true"', async ({ page }) => {
  const logged: string[] = [];
  page.on('console', (message) => logged.push(message.text()));
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Đăng nhập' })).toBeVisible();
  await page.evaluate(() => console.log('silenced line'));
  expect(logged).not.toContain('silenced line');

  await page.evaluate(() => localStorage.setItem('edu:logging', 'true'));
  await page.reload();
  await expect(page.getByRole('button', { name: 'Đăng nhập' })).toBeVisible();
  await page.evaluate(() => console.log('audible line'));
  await expect.poll(() => logged).toContain('audible line');
});

test('the menu marks the page that is open, and the back button returns to the previous page', async ({
  page,
  app,
  signIn,
}) => {
  await signIn(page, await app.account('staff'));
  const menu = page.getByRole('navigation', { name: 'Menu chính' });
  await menu.getByRole('link', { name: 'Classes' }).click();
  await expect(page).toHaveURL(/\/classes$/);
  await expect(menu.getByRole('link', { name: 'Classes' })).toHaveAttribute('aria-current', 'page');
  await expect(menu.getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute(
    'aria-current',
    'page',
  );
  await menu.getByRole('link', { name: 'Schedules' }).click();
  await expect(page).toHaveURL(/\/schedules$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/classes$/);
  await expect(menu.getByRole('link', { name: 'Classes' })).toHaveAttribute('aria-current', 'page');
  await page.goto('/Schedules/');
  await expect(menu.getByRole('link', { name: 'Schedules' })).toHaveAttribute(
    'aria-current',
    'page',
  );
});
