// Each notification type's title and body, in Vietnamese; the English is in notifications.en.ts.
/**
 * Each notification type's title and body: shown in the bell's list and the system notifications,
 * only after sign-in, so they arrive with the after-sign-in parts, not in the login route's download.
 */
export const notificationTypeTexts = {
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
  'notifications.lesson_rescheduled.title': 'Buổi học được dời lịch',
  'notifications.lesson_rescheduled.body': '{class_name}: {topic} dời từ {time} sang {new_time}.',
  'notifications.lesson_cancelled_with_reason.title': 'Buổi học bị huỷ',
  'notifications.lesson_cancelled_with_reason.body':
    '{class_name}: {topic} lúc {time} bị huỷ. Lý do: {reason}',
  'notifications.email_changed.title': 'Email đăng nhập của bạn đã được đổi',
  'notifications.email_changed.body':
    'Email đăng nhập của bạn đã được đổi từ {old_email} sang {new_email}. Từ nay hãy đăng nhập bằng {new_email}.',
  'notifications.invoice_issued.title': 'Hoá đơn học phí mới',
  'notifications.invoice_issued.body': '{number} ({class_name}): {amount}, hạn {date}.',
  'notifications.invoice_due_soon.title': 'Sắp đến hạn học phí',
  'notifications.invoice_due_soon.body': '{number}: còn {amount}, hạn {date}.',
  'notifications.invoice_overdue.title': 'Học phí quá hạn',
  'notifications.invoice_overdue.body': '{number}: còn {amount}, hạn {date}.',
  'notifications.substitute_given.title': 'Bạn được giao dạy thay',
  'notifications.substitute_given.body': '{class_name}: {topic} lúc {time}.',
  'notifications.substitute_given.bodyMore':
    '{class_name}: {topic} lúc {time}, cùng {more} buổi sau đó.',
  'notifications.substitute_taken_back.title': 'Buổi dạy thay đã được giao lại',
  'notifications.substitute_taken_back.body':
    'Bạn không còn dạy thay {class_name}: {topic} lúc {time}.',
  'notifications.substitute_taken_back.bodyMore':
    'Bạn không còn dạy thay {class_name}: {topic} lúc {time}, cùng {more} buổi sau đó.',
  'notifications.lesson_covered.title': 'Buổi học của bạn có người dạy thay',
  'notifications.lesson_covered.body': '{class_name}: {topic} lúc {time} do {substitute} dạy thay.',
  'notifications.lesson_covered.bodyMore':
    '{class_name}: {topic} lúc {time} do {substitute} dạy thay, cùng {more} buổi sau đó.',
  'notifications.lesson_given_back.title': 'Buổi học đã được trả lại cho bạn',
  'notifications.lesson_given_back.body':
    '{class_name}: {topic} lúc {time} không còn người dạy thay.',
  'notifications.lesson_given_back.bodyMore':
    '{class_name}: {topic} lúc {time} không còn người dạy thay, cùng {more} buổi sau đó.',
  'notifications.makeup_booked.title': 'Đã đặt buổi học bù',
  'notifications.makeup_booked.body': 'Bạn học bù ở lớp {class_name}: {topic} lúc {time}.',
  'notifications.makeup_released.title': 'Buổi học bù bị huỷ',
  'notifications.makeup_released.body':
    '{class_name}: {topic} lúc {time} bị huỷ; suất học bù được trả lại cho bạn.',
  'notifications.lesson_report.title': 'Có nhận xét buổi học mới',
  'notifications.lesson_report.body':
    '{class_name}: {topic} lúc {time}. Xem nội dung và bài tập về nhà.',
  'notifications.lesson_report.bodyChild':
    '{child}, {class_name}: {topic} lúc {time}. Xem nội dung và bài tập về nhà.',
  'notifications.openLessonReports': 'Xem nhận xét',
  'notifications.child_absent.title': 'Con vắng mặt buổi học',
  'notifications.child_absent.body': '{child} vắng mặt buổi {class_name}: {topic} lúc {time}.',
  'notifications.backup_failed.title': 'Sao lưu không thành công',
  'notifications.backup_failed.body': 'Bản sao lưu lúc {time} không thành công: {error}',
  'notifications.forChild': '{child} – {text}',
} as const;
