// Lessons: the dashboard, the schedules page, lesson dialogs and the meeting page. Vietnamese; the
// English is beside it in lessons.en.ts, key for key.

export const lessonTexts = {
  'lesson.editTopic': 'Sửa chủ đề',
  'lesson.editTopicNamed': 'Sửa chủ đề {topic}',
  'lesson.topicSaved': 'Đã cập nhật chủ đề buổi học.',
  // Dashboard
  'dashboard.greeting': 'Xin chào, {name}!',
  'dashboard.subtitle': 'Chúc bạn một ngày học tập và làm việc hiệu quả.',
  'lesson.endNow': 'Kết thúc buổi học',
  'lesson.endNamed': 'Kết thúc buổi học {topic}',
  'lesson.endMessage':
    'Kết thúc buổi học {topic}? Phòng họp Zoom sẽ đóng với tất cả mọi người đang tham gia.',
  'lesson.endFailed': 'Lỗi kết thúc buổi học',
  'lesson.topic': 'Chủ đề',
  'lesson.description': 'Mô tả',
  'lesson.start': 'Bắt đầu',
  'lesson.end': 'Kết thúc',
  'lesson.duration': 'Thời lượng: {duration}',
  'lesson.save': 'Thêm buổi học',
  // Schedules page
  'schedules.title.teacher': 'My Teaching Schedule',
  'schedules.title.manager': 'Schedule Management',
  'schedules.tab.all': 'Tất cả',
  'schedules.tab.pending': 'Chưa bắt đầu',
  'schedules.tab.active': 'Đang diễn ra',
  'schedules.tab.completed': 'Đã kết thúc',
  'schedules.filter': 'Lọc theo trạng thái',
  'schedules.notAssigned': 'not assigned',
  'schedules.students': '{count} học viên',
  'schedules.session': 'Buổi {n}/{total}',
  'schedules.empty': 'Không có buổi học nào.',
  // Dashboard lists
  'dashboard.today': 'Hôm nay',
  'dashboard.upcoming': 'Sắp tới',
  'dashboard.emptyToday': 'Không có lớp học hôm nay',
  'dashboard.emptyUpcoming': 'Không có lớp học sắp tới',
  // Admin and staff: the center's day by state and its next lessons (product.md, Deviations)
  'dashboard.todayTotal': '{count} buổi học hôm nay',
  'dashboard.todayByState': 'Buổi học hôm nay theo trạng thái',
  'dashboard.nextLessons': 'Các buổi tiếp theo',
  'dashboard.noMoreToday': 'Không còn buổi học nào sắp diễn ra hôm nay',
  'dashboard.seeAllToday': 'Xem tất cả',
  'dashboard.start': 'Bắt đầu',
  'dashboard.join': 'Tham gia',
  'dashboard.wait': 'Chờ bắt đầu',
  'dashboard.processing': 'Đang xử lý...',
  'dashboard.startsAt': 'Bắt đầu lúc {time}',
  'dashboard.startWindow': 'Buổi học có thể bắt đầu từ {minutes} phút trước giờ học.',
  // Pages of later issues
  'meeting.title': 'Meeting',
  'meeting.insecureTitle': 'Cần kết nối HTTPS',
  'meeting.insecureMessage':
    'Âm thanh và hình ảnh của buổi học chỉ hoạt động qua kết nối bảo mật (HTTPS). Trang này đang được mở qua HTTP nên trình duyệt chặn micro, camera và video. Vui lòng mở ứng dụng bằng địa chỉ https:// hoặc báo quản trị viên trung tâm cấu hình HTTPS.',
} as const;
