// Account management pages and dialogs. Vietnamese; the English is beside it in users.en.ts, key
// for key.

export const userTexts = {
  // Users management
  'users.students.title': 'Quản lý học viên',
  'users.teachers.title': 'Quản lý giáo viên',
  'users.staffs.title': 'Quản lý nhân viên',
  'users.students.add': 'Thêm học viên',
  'users.teachers.add': 'Thêm giáo viên',
  'users.staffs.add': 'Thêm nhân viên',
  'users.col.number': 'STT',
  'users.col.avatar': 'Ảnh',
  'users.col.fullName': 'Họ và tên',
  'users.col.email': 'Email',
  'users.col.role': 'Vai trò',
  'users.col.status': 'Trạng thái',
  'users.col.created': 'Ngày tạo',
  'users.col.actions': 'Thao tác',
  'users.empty': 'Chưa có tài khoản nào.',
  'users.detail.title': 'Thông tin tài khoản',
  'users.firstPassword.issue': 'Cấp mật khẩu mới',
  'users.firstPassword.confirm':
    'Cấp mật khẩu mới cho {email}? Mật khẩu hiện tại ngừng hoạt động, mọi phiên đăng nhập của tài khoản kết thúc, và người dùng phải đổi mật khẩu trong vòng {hours} giờ.',
  'users.firstPassword.issued': 'Mật khẩu mới của {email}:',
  'users.firstPassword.hint':
    'Mật khẩu chỉ hiển thị một lần. Hãy gửi cho người dùng; họ phải đổi mật khẩu trong vòng {hours} giờ.',
  'users.firstPassword.failed': 'Không thể cấp mật khẩu mới',
  'common.copy': 'Sao chép',
  'classStudents.title': 'Học viên của tôi',
  'classStudents.subtitle': 'Học viên các lớp bạn đang dạy',
  'classStudents.col.classes': 'Lớp',
  'classStudents.empty': 'Các lớp của bạn chưa có học viên.',
  'common.loadFailed': 'Không tải được dữ liệu.',
  'common.copiedPassword': 'Đã sao chép mật khẩu',
  'users.add.fullName': 'Họ và tên',
  'users.add.email': 'Email',
  'users.add.submit': 'Tạo tài khoản',
  'users.add.created': 'Tạo tài khoản thành công! Mật khẩu mặc định: {password}',
  'users.add.createdHint':
    'Hãy gửi mật khẩu này cho người dùng; họ sẽ phải đổi mật khẩu ở lần đăng nhập đầu tiên.',
  'users.delete.title': 'Xóa tài khoản',
  'users.delete.message':
    'Bạn có chắc muốn xóa tài khoản {name}? Hành động này không thể hoàn tác.',
  'users.delete.done': 'Đã xóa tài khoản {name}.',
  'users.deleteLabel': 'Xóa {name}',
  'users.handOver.loading': 'Đang tải các lớp học của giáo viên…',
  'users.handOver.intro':
    '{name} đang phụ trách {count} lớp học. Hãy chuyển các lớp cho một giáo viên khác trước khi xóa:',
  'users.handOver.listLabel': 'Các lớp đang phụ trách',
  'users.handOver.pending': '{count} buổi chưa diễn ra',
  'users.handOver.to': 'Chuyển cho giáo viên',
  'users.handOver.toPlaceholder': 'Chọn giáo viên nhận lớp',
  'users.handOver.submit': 'Chuyển lớp',
  'users.handOver.orDelete':
    'Nếu xóa ngay, các lớp trên sẽ bị ngừng hoạt động. Hành động này không thể hoàn tác.',
  'users.createFailed': 'Có lỗi xảy ra khi tạo {role}',
  'export.csv': 'Xuất CSV',
  'export.xlsx': 'Xuất Excel',
} as const;
