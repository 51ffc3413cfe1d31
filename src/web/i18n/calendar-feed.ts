// The profile dialog's calendar link, in Vietnamese; the English is beside it in calendar-feed.en.ts.
// Shown only after sign-in (the section loads when the dialog opens), so these arrive with the
// after-sign-in parts, not in the login route's download.

export const calendarFeedTexts = {
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
  'calendar.shownOnce':
    'Hãy sao chép ngay: đường dẫn chỉ hiện một lần này. Sau này bạn có thể tạo đường dẫn mới (đường dẫn cũ khi đó không còn dùng được).',
  'calendar.exists':
    'Bạn đã có đường dẫn lịch, tạo lúc {date}. Đường dẫn không hiện lại: hãy tạo đường dẫn mới nếu cần (đường dẫn cũ sẽ không còn dùng được).',
  'calendar.oneClass': 'Sao chép lịch của lớp này',
  'calendar.unreachableTitle': 'Ứng dụng lịch chưa đọc được đường dẫn này',
  'calendar.unreachable':
    'Máy chủ chưa có địa chỉ https công khai, nên Google Calendar, Apple Calendar và Outlook không truy cập được đường dẫn này. Người quản trị máy chủ cần đặt PUBLIC_ORIGIN (ví dụ https://edu.example.com).',
};
