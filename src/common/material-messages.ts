// Materials and the Library (issue 29, docs/decisions/038-materials.md). common/messages.ts spreads
// these in; material-messages-en.ts holds the same codes in English.

export const materialMessages = {
  MATERIAL_TYPE:
    'Loại tệp không được hỗ trợ. Hãy tải lên PDF, ảnh, âm thanh (mp3, m4a, wav, ogg) hoặc tài liệu Word, Excel, PowerPoint.',
  MATERIAL_TOO_LARGE: 'Tệp quá lớn: loại tệp này tối đa {max} MB.',
  MATERIAL_LINK_INVALID: 'Địa chỉ liên kết phải bắt đầu bằng http:// hoặc https://.',
  MATERIAL_TITLE_REQUIRED: 'Vui lòng nhập tiêu đề tài liệu.',
  MATERIAL_DELETE_FORBIDDEN:
    'Chỉ người đã thêm tài liệu, quản trị viên hoặc nhân viên mới xoá được.',
  MATERIAL_ADDED: 'Đã thêm tài liệu.',
  MATERIAL_DELETED: 'Đã xoá tài liệu.',
} as const;
