// The theme manager. Vietnamese; the English is beside it in themes.en.ts, key for key.

// The colour groups' names, in English in both languages as the theme manager shows them.
export const themeTabNames = {
  'themes.tab.primary': 'Primary',
  'themes.tab.success': 'Success',
  'themes.tab.warning': 'Warning',
  'themes.tab.error': 'Error',
  'themes.tab.gray': 'Gray',
  'themes.tab.background': 'Background',
} as const;

export const themeTexts = {
  ...themeTabNames,
  // Theme manager
  'themes.dialogTitle': 'Quản lý Theme',
  'themes.create': 'Tạo theme mới',
  'themes.edit': 'Chỉnh sửa theme',
  'themes.apply': 'Áp dụng',
  'themes.applied': 'Đang dùng',
  'themes.default': 'Mặc định',
  'themes.name': 'Tên theme',
  'themes.description': 'Mô tả',
  'themes.back': 'Quay lại',
  'themes.save': 'Lưu theme',
  'themes.cannotDeleteActive': 'Không thể xóa theme đang được sử dụng',
  'themes.cannotDeleteDefault': 'Không thể xóa theme mặc định',
  'themes.deleteTitle': 'Xóa theme',
  'themes.deleteMessage': 'Xóa theme {name}? Hành động này không thể hoàn tác.',
  'themes.savedCreate': 'Đã tạo theme {name}.',
  'themes.savedEdit': 'Đã lưu theme {name}.',
  'themes.appliedMessage': 'Đã áp dụng theme {name}.',
  'themes.deleted': 'Đã xóa theme {name}.',
} as const;
