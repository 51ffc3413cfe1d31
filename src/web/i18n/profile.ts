// The profile dialog. Vietnamese; the English is beside it in profile.en.ts,
// key for key.

export const profileTexts = {
  // Right sidebar and profile
  'profile.notifications': 'Thông báo',
  'profile.noNotifications': 'Chưa có thông báo mới',
  'profile.edit': 'Chỉnh sửa hồ sơ',
  'profile.logout': 'Đăng xuất',
  'profile.title': 'Hồ sơ cá nhân',
  'profile.language': 'Ngôn ngữ',
  'profile.fullName': 'Họ và tên',
  'profile.email': 'Email',
  'profile.save': 'Lưu thông tin',
  'profile.avatar': 'Ảnh đại diện',
  'profile.uploadAvatar': 'Tải ảnh lên',
  'profile.changePassword': 'Đổi mật khẩu',
  'profile.uploadError': 'Lỗi upload',
  'profile.fileTooLarge': 'File quá lớn',
  'profile.wrongFormat': 'Lỗi định dạng',
} as const;
