// Correcting a person's details (docs/decisions/026): the details dialog's phone and edit form,
// and the import's phone column. The English is in people.en.ts.
export const peopleTexts = {
  'people.phone': 'Số điện thoại',
  'people.noPhone': 'Chưa có',
  'people.edit': 'Sửa thông tin',
  'people.edit.title': 'Sửa thông tin của {name}',
  'people.edit.emailHint': 'Đây là email đăng nhập: người này sẽ đăng nhập bằng email mới.',
  'people.edit.phoneHint': 'Ví dụ: 0912 345 678 hoặc +84 912 345 678. Để trống nếu không có.',
  'people.edit.roleHint': 'Chỉ admin mới có thể đổi vai trò.',
  'people.edit.handOver': 'Chuyển lớp',
  'users.handOver.none': '{name} không còn dạy lớp nào. Bạn có thể đổi vai trò.',
  'people.listedRole': 'Danh sách',
  'people.admins.title': 'Quản lý quản trị viên',
  'people.admins.add': 'Thêm quản trị viên',
  'import.phoneColumn': 'Cột số điện thoại (không bắt buộc)',
  'import.noPhoneColumn': 'Không có',
  'import.verdict.invalid_phone': 'Số điện thoại không hợp lệ',
} as const;
