// The app shell's words: navigation, roles, sign-in, first sign-in, generic texts. Vietnamese; the
// English is beside it in shell.en.ts, key for key.

// The pages' names, in English in both languages as product.md §2 writes them.
export const navigationNames = {
  'nav.dashboard': 'Dashboard',
  'nav.classes': 'Classes',
  'nav.myClasses': 'My Classes',
  'nav.schedules': 'Schedules',
  'nav.mySchedules': 'My Schedules',
  'nav.teachers': 'Teachers',
  'nav.students': 'Students',
  'nav.staffs': 'Staff',
  'nav.hostAccounts': 'Zoom Accounts',
  'nav.settings': 'Settings',
  'nav.library': 'Library',
  'nav.liveRoom': 'Live Room',
} as const;

export const shellTexts = {
  ...navigationNames,
  // A lesson's state (product.md §4)
  'lesson.status.pending': 'Chưa bắt đầu',
  'lesson.status.active': 'Đang diễn ra',
  'lesson.status.completed': 'Đã kết thúc',
  'lesson.status.overdue': 'Quá thời gian',
  'common.pageOf': '{page} of {pages}',
  'common.nothingFound': 'Không tìm thấy',
  'duration.hoursMinutes': '{hours} giờ {minutes} phút',
  'duration.hours': '{hours} giờ',
  'duration.minutes': '{minutes} phút',
  // Navigation (product.md §2)
  'nav.menu': 'Menu chính',
  'nav.openMenu': 'Mở menu',
  'nav.openUserMenu': 'Mở menu người dùng',
  'nav.mobileFallbackName': 'Edu Center',
  // The center's closed days: a page of ours, named in the interface's language.
  'nav.closedDays': 'Ngày nghỉ',
  // Tuition (issue 27): a student's own account; admin and staff open any student's.
  'nav.tuition': 'Học phí',
  'nav.bank': 'Đối soát',
  'nav.debts': 'Công nợ',
  // Teachers' pay (issue 28): the admin's page, and a teacher's own statements.
  'nav.teacherPay': 'Lương giáo viên',
  'nav.myPay': 'Lương của tôi',
  'nav.lessonReports': 'Nhận xét buổi học',
  'nav.audit': 'Nhật ký thay đổi',
  // Pages of ours too (not in SPEC.md): named in the interface's language.
  'nav.myAttendance': 'Điểm danh của tôi',
  'nav.rooms': 'Phòng học',
  // A parent's page of their children (issue 29).
  'nav.children': 'Con của tôi',
  'nav.parents': 'Phụ huynh',
  'motivation.title': 'Học mỗi ngày',
  'motivation.text': 'Mỗi buổi học là một bước tiến gần hơn tới mục tiêu của bạn. Cố lên!',
  // Roles
  'role.admin': 'Quản trị viên',
  'role.staff': 'Nhân viên',
  'role.teacher': 'Giáo viên',
  'role.student': 'Học viên',
  'role.parent': 'Phụ huynh',
  // Sign-in
  'login.title': 'Đăng nhập',
  'login.slogan': 'Học tiếng Anh, kết nối thế giới',
  'login.email': 'Email',
  'login.password': 'Mật khẩu',
  'login.submit': 'Đăng nhập',
  'login.forgot': 'Quên mật khẩu?',
  'login.showPassword': 'Hiện mật khẩu',
  'login.hidePassword': 'Ẩn mật khẩu',
  // First sign-in
  'firstLogin.title': 'Đổi mật khẩu lần đầu',
  'firstLogin.text':
    'Mật khẩu của bạn do quản trị viên đặt. Vui lòng chọn mật khẩu mới trước khi tiếp tục.',
  'password.new': 'Mật khẩu mới',
  'password.confirm': 'Xác nhận mật khẩu mới',
  'password.submit': 'Đổi mật khẩu',
  // Each language named in itself (the same in both catalogues), so either reader finds theirs.
  'language.vi': 'Tiếng Việt',
  'language.en': 'English',
  'chat.title': 'CHAT BOT AI',
  'chat.placeholder': 'Nhập tin nhắn...',
  'chat.send': 'Gửi tin nhắn',
  'chat.input': 'Tin nhắn cho chat bot',
  'chat.seed1': 'Xin chào! Mình là trợ lý học tiếng Anh. Bạn cần giúp gì hôm nay?',
  'chat.seed2': 'Cho mình hỏi cách dùng thì hiện tại hoàn thành?',
  'chat.seed3':
    'Thì hiện tại hoàn thành (have/has + V3) diễn tả hành động đã xảy ra và còn liên quan đến hiện tại.',
  // Generic
  'common.success': 'Thành công',
  'common.error': 'Lỗi',
  'common.confirm': 'Xác nhận',
  'common.cancel': 'Hủy',
  'common.close': 'Đóng',
  'common.save': 'Lưu',
  'common.delete': 'Xóa',
  'common.edit': 'Sửa',
  'common.create': 'Tạo mới',
  'common.loading': 'Đang tải...',
  'common.processing': 'Đang xử lý...',
  'common.active': 'Hoạt động',
  'common.inactive': 'Đã khóa',
  'common.comingSoon': 'Sắp có',
  'common.cannotUndo': 'Hành động này không thể hoàn tác.',
  'common.page': 'Trang',
  'common.previousPage': 'Trang trước',
  'common.nextPage': 'Trang sau',
  'common.clear': 'Xóa nội dung',
  // Named apart from a dialog's own 'Đóng' button, so the two are told apart by name.
  'common.closeNotification': 'Ẩn thông báo',
  // A colour picker's two sliders (the theme editor's colour fields).
  'common.colorSaturation': 'Độ bão hòa và độ sáng',
  'common.colorHue': 'Sắc màu',
  'common.closeDialog': 'Thoát hộp thoại',
  'accessDenied.title': 'Truy cập bị từ chối',
  'accessDenied.generic': 'Bạn không có quyền truy cập trang này.',
  'accessDenied.settings': 'Chỉ Admin mới có quyền truy cập trang cài đặt này.',
  'accessDenied.staff': 'Only administrators can manage staff accounts.',
  'accessDenied.students': 'Chỉ Admin và Staff mới có quyền quản lý học viên.',
  // Screens the login route can show before the rest of the catalogue has arrived
  'common.retry': 'Thử lại',
  'session.unavailableTitle': 'Chưa tải được thông tin tài khoản',
  'session.unavailableText':
    'Máy chủ chưa phản hồi. Bạn vẫn đang đăng nhập; trang sẽ tự thử lại sau ít giây.',
  'errorBoundary.chunkTitle': 'Không tải được trang',
  'errorBoundary.renderTitle': 'Trang gặp lỗi',
  'errorBoundary.renderMessage':
    'Đã có lỗi khi hiển thị trang này. Hãy tải lại trang hoặc quay về trang chủ.',
  'errorBoundary.reload': 'Tải lại trang',
  'errorBoundary.home': 'Về trang chủ',
} as const;
