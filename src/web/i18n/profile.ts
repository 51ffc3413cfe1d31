// The profile dialog and the calendar feed. Both languages, key for key.

const vi = {
  // Right sidebar and profile
  'profile.notifications': 'Thông báo',
  'profile.noNotifications': 'Chưa có thông báo mới',
  'profile.edit': 'Chỉnh sửa hồ sơ',
  'profile.logout': 'Đăng xuất',
  'profile.title': 'Hồ sơ cá nhân',
  'profile.language': 'Ngôn ngữ',
  'calendar.title': 'Lịch của tôi',
  'calendar.hint':
    'Thêm đường dẫn này vào Google Calendar, Apple Calendar hoặc Outlook (mục "Đăng ký lịch" / "Từ URL") để thấy các buổi học trong lịch của bạn. Đừng chia sẻ đường dẫn này.',
  'calendar.url': 'Đường dẫn lịch (ICS)',
  'calendar.copy': 'Sao chép đường dẫn lịch',
  'calendar.copied': 'Đã sao chép',
  'calendar.copyFailed': 'Lỗi sao chép',
  'calendar.create': 'Tạo đường dẫn lịch',
  'calendar.renew': 'Tạo đường dẫn mới',
  'calendar.revoke': 'Thu hồi',
  'calendar.renewTitle': 'Tạo đường dẫn lịch mới',
  'calendar.renewMessage':
    'Đường dẫn cũ sẽ không còn dùng được. Các ứng dụng lịch đang dùng nó cần được đăng ký lại.',
  'calendar.revokeTitle': 'Thu hồi đường dẫn lịch',
  'calendar.revokeMessage':
    'Các ứng dụng lịch đang dùng đường dẫn này sẽ không nhận được lịch học nữa.',
  'calendar.oneClass': 'Sao chép lịch của lớp này',
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

const en: Record<keyof typeof vi, string> = {
  // Right sidebar and profile
  'profile.notifications': 'Notifications',
  'profile.noNotifications': 'No new notifications',
  'profile.edit': 'Edit profile',
  'profile.logout': 'Sign out',
  'profile.title': 'Profile',
  'profile.language': 'Language',
  'calendar.title': 'My calendar',
  'calendar.hint':
    'Add this link to Google Calendar, Apple Calendar or Outlook ("Subscribe to calendar" / "From URL") to see your lessons in your calendar. Do not share it.',
  'calendar.url': 'Calendar link (ICS)',
  'calendar.copy': 'Copy calendar link',
  'calendar.copied': 'Copied',
  'calendar.copyFailed': 'Copy failed',
  'calendar.create': 'Create calendar link',
  'calendar.renew': 'New link',
  'calendar.revoke': 'Revoke',
  'calendar.renewTitle': 'New calendar link',
  'calendar.renewMessage':
    'The old link will stop working. Calendar apps using it must subscribe again.',
  'calendar.revokeTitle': 'Revoke calendar link',
  'calendar.revokeMessage': 'Calendar apps using this link will no longer receive your lessons.',
  'calendar.oneClass': "Copy this class's calendar",
  'profile.fullName': 'Full name',
  'profile.email': 'Email',
  'profile.save': 'Save',
  'profile.avatar': 'Avatar',
  'profile.uploadAvatar': 'Upload picture',
  'profile.changePassword': 'Change password',
  'profile.uploadError': 'Upload error',
  'profile.fileTooLarge': 'File too large',
  'profile.wrongFormat': 'Wrong format',
};

export const profileTexts = { vi, en };
