// The theme manager. Both languages, key for key.

const vi = {
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
  'themes.tab.primary': 'Primary',
  'themes.tab.success': 'Success',
  'themes.tab.warning': 'Warning',
  'themes.tab.error': 'Error',
  'themes.tab.gray': 'Gray',
  'themes.tab.background': 'Background',
} as const;

const en: Record<keyof typeof vi, string> = {
  // Theme manager
  'themes.dialogTitle': 'Theme management',
  'themes.create': 'New theme',
  'themes.edit': 'Edit theme',
  'themes.apply': 'Apply',
  'themes.applied': 'In use',
  'themes.default': 'Default',
  'themes.name': 'Theme name',
  'themes.description': 'Description',
  'themes.back': 'Back',
  'themes.save': 'Save theme',
  'themes.cannotDeleteActive': 'The theme in use cannot be deleted',
  'themes.cannotDeleteDefault': 'The default theme cannot be deleted',
  'themes.deleteTitle': 'Delete theme',
  'themes.deleteMessage': 'Delete the theme {name}? This cannot be undone.',
  'themes.savedCreate': 'Theme {name} created.',
  'themes.savedEdit': 'Theme {name} saved.',
  'themes.appliedMessage': 'Theme {name} applied.',
  'themes.deleted': 'Theme {name} deleted.',
  'themes.tab.primary': 'Primary',
  'themes.tab.success': 'Success',
  'themes.tab.warning': 'Warning',
  'themes.tab.error': 'Error',
  'themes.tab.gray': 'Gray',
  'themes.tab.background': 'Background',
};

export const themeTexts = { vi, en };
