// Parents (issue 29 point 1, docs/decisions/036-parents.md): linking parents to students, and the
// parent columns of the import. common/messages.ts spreads these in; parent-messages-en.ts holds
// the same codes in English.

export const parentMessages = {
  PARENT_LIMIT: 'Mỗi học viên chỉ có tối đa hai phụ huynh.',
  PARENT_CHILD_NOT_STUDENT: 'Chỉ học viên mới có thể được liên kết với phụ huynh.',
  PARENT_NOT_PARENT: 'Tài khoản này không phải là phụ huynh.',
  PARENT_EMAIL_OF_PARENT:
    'Phụ huynh {email} đã có tài khoản: hãy chọn phụ huynh này trong danh sách để liên kết.',
  PARENT_CREATED: 'Đã tạo tài khoản phụ huynh và liên kết với học viên. Mật khẩu: {password}',
  PARENT_LINKED: 'Đã liên kết phụ huynh với học viên.',
  PARENT_ALREADY_LINKED: 'Phụ huynh này đã được liên kết với học viên.',
  PARENT_UNLINKED: 'Đã bỏ liên kết phụ huynh.',
  PARENT_NOT_LINKED: 'Phụ huynh này không liên kết với học viên.',
  IMPORT_PARENTS_STUDENTS_ONLY: 'Chỉ có thể nhập phụ huynh cùng với học viên.',
} as const;
