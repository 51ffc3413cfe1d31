// The notifications list. Vietnamese; the English is beside it in notifications.en.ts, key for key.

export const notificationTexts = {
  'notifications.unread': '{count} thông báo chưa đọc',
  'notifications.markAllRead': 'Đánh dấu tất cả đã đọc',
  'notifications.markRead': 'Đánh dấu đã đọc',
  'notifications.join': 'Tham gia',
  'notifications.enableSystem': 'Bật thông báo trên máy',
  'notifications.systemBlocked': 'Trình duyệt đang chặn thông báo của trang này.',
  'notifications.loadFailed': 'Không thể tải thông báo.',
  'notifications.openTuition': 'Xem học phí',
} as const;
