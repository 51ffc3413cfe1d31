// Parents (issue 29, docs/decisions/036-parents.md): the 'Phụ huynh' section of a student's details
// and the Parents page of admin and staff. Vietnamese; the English is beside it in parents.en.ts.

export const parentTexts = {
  'parents.section': 'Phụ huynh',
  'parents.none': 'Chưa có phụ huynh nào được liên kết.',
  'parents.add': 'Thêm phụ huynh',
  'parents.limit': 'Mỗi học viên chỉ có tối đa hai phụ huynh.',
  'parents.mode.new': 'Tài khoản mới',
  'parents.mode.existing': 'Chọn phụ huynh đã có',
  'parents.fullName': 'Họ tên phụ huynh',
  'parents.email': 'Email',
  'parents.phone': 'Số điện thoại',
  'parents.phoneHint': 'Không bắt buộc, ví dụ 0912 345 678',
  'parents.create': 'Tạo và liên kết',
  'parents.search': 'Tìm phụ huynh',
  'parents.searchPlaceholder': 'Gõ tên hoặc email',
  'parents.link': 'Liên kết',
  'parents.noMatch': 'Không tìm thấy phụ huynh nào',
  'parents.unlink': 'Bỏ liên kết',
  'parents.unlinkLabel': 'Bỏ liên kết {name}',
  'parents.unlinkConfirm':
    'Bỏ liên kết {parent} với học viên {student}? Tài khoản phụ huynh vẫn được giữ lại.',
  'parents.created': 'Đã tạo tài khoản phụ huynh {email}. Mật khẩu đăng nhập lần đầu:',
  'parents.done': 'Xong',
  'parents.failed': 'Không thể lưu phụ huynh',
  'parents.page.title': 'Phụ huynh',
  'parents.page.subtitle': 'Phụ huynh được thêm từ thông tin của học viên hoặc khi nhập danh sách.',
  'parents.col.children': 'Con',
  'parents.noChildren': 'Chưa liên kết',
  'parents.empty': 'Chưa có phụ huynh nào',
} as const;
