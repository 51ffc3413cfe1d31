// The notifications list. Both languages, key for key.

const vi = {
  'notifications.unread': '{count} thông báo chưa đọc',
  'notifications.markAllRead': 'Đánh dấu tất cả đã đọc',
  'notifications.markRead': 'Đánh dấu đã đọc',
  'notifications.join': 'Tham gia',
  'notifications.enableSystem': 'Bật thông báo trên máy',
  'notifications.systemBlocked': 'Trình duyệt đang chặn thông báo của trang này.',
  'notifications.loadFailed': 'Không thể tải thông báo.',
  'notifications.lesson_starting_soon.title': 'Sắp đến giờ học',
  'notifications.lesson_starting_soon.body': '{class_name}: {topic} bắt đầu lúc {time}.',
  'notifications.lesson_started.title': 'Buổi học đã bắt đầu',
  'notifications.lesson_started.body': '{class_name}: {topic} đang diễn ra.',
  'notifications.enrolled.title': 'Bạn đã được thêm vào lớp học',
  'notifications.enrolled.body': 'Lớp {class_name}, bắt đầu ngày {date}.',
  'notifications.lesson_moved.title': 'Lịch học đã thay đổi',
  'notifications.lesson_moved.body': '{class_name}: {topic} chuyển từ {time} sang {new_time}.',
  'notifications.lesson_moved.bodyMore':
    '{class_name}: {topic} chuyển từ {time} sang {new_time}, cùng {more} buổi sau đó.',
  'notifications.lesson_cancelled.title': 'Buổi học đã bị hủy',
  'notifications.lesson_cancelled.body': '{class_name}: {topic} lúc {time} đã bị hủy.',
  'notifications.lesson_cancelled.bodyMore':
    '{class_name}: {topic} lúc {time} đã bị hủy, cùng {more} buổi sau đó.',
} as const;

const en: Record<keyof typeof vi, string> = {
  'notifications.unread': '{count} unread notifications',
  'notifications.markAllRead': 'Mark all as read',
  'notifications.markRead': 'Mark as read',
  'notifications.join': 'Join',
  'notifications.enableSystem': 'Turn on desktop notifications',
  'notifications.systemBlocked': "The browser is blocking this site's notifications.",
  'notifications.loadFailed': 'Could not load notifications.',
  'notifications.lesson_starting_soon.title': 'Lesson starting soon',
  'notifications.lesson_starting_soon.body': '{class_name}: {topic} starts at {time}.',
  'notifications.lesson_started.title': 'Lesson started',
  'notifications.lesson_started.body': '{class_name}: {topic} is in progress.',
  'notifications.enrolled.title': 'You were added to a class',
  'notifications.enrolled.body': 'Class {class_name}, starting {date}.',
  'notifications.lesson_moved.title': 'Schedule changed',
  'notifications.lesson_moved.body': '{class_name}: {topic} moved from {time} to {new_time}.',
  'notifications.lesson_moved.bodyMore':
    '{class_name}: {topic} moved from {time} to {new_time}, with {more} lessons after it.',
  'notifications.lesson_cancelled.title': 'Lesson cancelled',
  'notifications.lesson_cancelled.body': '{class_name}: {topic} at {time} was cancelled.',
  'notifications.lesson_cancelled.bodyMore':
    '{class_name}: {topic} at {time} was cancelled, with {more} lessons after it.',
};

export const notificationTexts = { vi, en };
