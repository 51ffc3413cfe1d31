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
  // A theme from one colour
  'themes.primaryColor': 'Màu chính',
  'themes.primaryColorHint':
    'Mười sắc độ của màu chính được tạo từ màu này; màu đã chọn là màu của các nút (primary_600).',
  'themes.generatedShades': 'Các sắc độ được tạo',
  'themes.lowContrastTitle': 'Chữ trắng khó đọc trên màu này',
  'themes.lowContrast':
    'Độ tương phản của chữ trắng trên màu chính là {ratio}:1, cần ít nhất {minimum}:1 để dễ đọc.',
  'themes.useDarker': 'Dùng màu đậm hơn {color}',
  'themes.advanced': 'Nâng cao',
  'themes.advancedHint':
    'Từng mã màu của mọi nhóm màu và nền. Success, warning, error và gray bắt đầu từ màu mặc định.',
} as const;
