// The settings page and the center settings dialog. Vietnamese; the English is beside it in
// settings.en.ts, key for key.

export const settingsTexts = {
  // Settings (product.md §2)
  'settings.title': 'Cài Đặt Hệ Thống',
  'settings.subtitle': 'Quản lý theme và cấu hình hệ thống của trung tâm',
  'settings.currentTheme': 'Theme: {name}',
  'settings.center.title': 'Thông tin trung tâm',
  'settings.center.text': 'Tên và logo của trung tâm',
  'settings.theme.title': 'Quản lý Theme',
  'settings.theme.text': 'Tạo, chỉnh sửa và áp dụng bảng màu',
  'settings.users.title': 'Người dùng',
  'settings.security.title': 'Bảo mật',
  'settings.notifications.title': 'Thông báo',
  'settings.system.title': 'Hệ thống',
  'settings.open': 'Mở',
  // Center settings dialog
  'center.dialogTitle': 'Thông tin trung tâm',
  'center.name': 'Tên trung tâm',
  'center.logo': 'Logo',
  'center.uploadLogo': 'Chọn logo',
  'center.noLogo': 'Chưa có logo',
} as const;
