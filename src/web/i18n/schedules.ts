// The Schedules page's filters and week view (product.md, Deviations). Vietnamese; the English is
// beside it in schedules.en.ts, key for key. The page's title, tabs and cards are in lessons.ts.

export const scheduleTexts = {
  'schedules.view.label': 'Cách xem',
  'schedules.view.list': 'Danh sách',
  'schedules.view.week': 'Tuần',
  'schedules.period.label': 'Thời gian',
  'schedules.period.week': 'Theo tuần',
  'schedules.period.range': 'Khoảng ngày',
  'schedules.period.all': 'Tất cả các ngày',
  'schedules.week.previous': 'Tuần trước',
  'schedules.week.next': 'Tuần sau',
  'schedules.week.today': 'Hôm nay',
  'schedules.week.range': '{from} – {to}',
  'schedules.week.empty': 'Không có buổi học nào trong tuần này.',
  'schedules.week.more':
    'Tuần này có hơn {limit} buổi học: chỉ {limit} buổi đầu tiên được hiển thị. Hãy lọc theo giáo viên hoặc lớp học.',
  'schedules.day.empty': 'Không có buổi học',
  'schedules.from': 'Từ ngày',
  'schedules.to': 'Đến ngày',
  'schedules.class': 'Lớp học',
  'schedules.teacher': 'Giáo viên',
  'schedules.anyClass': 'Tất cả các lớp',
  'schedules.anyTeacher': 'Tất cả giáo viên',
  'schedules.room': 'Phòng học',
  'schedules.anyRoom': 'Tất cả phòng',
  'schedules.clearFilters': 'Xóa bộ lọc',
} as const;
