// The settings page and the center settings dialog. Both languages, key for key.

const vi = {
  // Settings (product.md §2)
  'settings.title': 'Cài Đặt Hệ Thống',
  'settings.subtitle': 'Quản lý theme và cấu hình hệ thống của trung tâm',
  'settings.currentTheme': 'Theme: {name}',
  'settings.center.title': 'Thông tin trung tâm',
  'settings.center.text': 'Tên và logo của trung tâm',
  'settings.theme.title': 'Quản lý Theme',
  'settings.theme.text': 'Tạo, chỉnh sửa và áp dụng bảng màu',
  'settings.users.title': 'Người dùng',
  'settings.users.text': 'Phân quyền và quản lý người dùng',
  'settings.security.title': 'Bảo mật',
  'settings.security.text': 'Mật khẩu và phiên đăng nhập',
  'settings.notifications.title': 'Thông báo',
  'settings.notifications.text': 'Email và thông báo hệ thống',
  'settings.system.title': 'Hệ thống',
  'settings.system.text': 'Sao lưu và cấu hình nâng cao',
  'settings.open': 'Mở',
  // Center settings dialog
  'center.dialogTitle': 'Thông tin trung tâm',
  'center.name': 'Tên trung tâm',
  'center.logo': 'Logo',
  'center.uploadLogo': 'Chọn logo',
  'center.noLogo': 'Chưa có logo',
} as const;

const en: Record<keyof typeof vi, string> = {
  // Settings (product.md §2)
  'settings.title': 'System Settings',
  'settings.subtitle': "Manage the center's theme and system configuration",
  'settings.currentTheme': 'Theme: {name}',
  'settings.center.title': 'Center information',
  'settings.center.text': "The center's name and logo",
  'settings.theme.title': 'Theme management',
  'settings.theme.text': 'Create, edit and apply colour palettes',
  'settings.users.title': 'Users',
  'settings.users.text': 'Roles and user management',
  'settings.security.title': 'Security',
  'settings.security.text': 'Passwords and sessions',
  'settings.notifications.title': 'Notifications',
  'settings.notifications.text': 'Email and system notifications',
  'settings.system.title': 'System',
  'settings.system.text': 'Backups and advanced configuration',
  'settings.open': 'Open',
  // Center settings dialog
  'center.dialogTitle': 'Center information',
  'center.name': 'Center name',
  'center.logo': 'Logo',
  'center.uploadLogo': 'Choose logo',
  'center.noLogo': 'No logo yet',
};

export const settingsTexts = { vi, en };
