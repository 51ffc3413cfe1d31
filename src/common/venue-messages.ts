// Where lessons are held (docs/decisions/019-rooms-and-links.md): the rooms the center keeps, a
// class's default venue and link, and the room clash. common/messages.ts spreads these in;
// venue-messages-en.ts beside it holds the same codes in English.

export const venueMessages = {
  // Rooms
  ROOM_NAME_REQUIRED: 'Vui lòng nhập tên phòng.',
  ROOM_NAME_EXISTS: 'Đã có phòng tên "{name}".',
  ROOM_CAPACITY_INVALID: 'Sức chứa phải là số nguyên từ 1 đến 1000.',
  ROOM_CREATED: 'Đã thêm phòng {name}.',
  ROOM_UPDATED: 'Đã cập nhật phòng {name}.',
  ROOM_ARCHIVED: 'Đã lưu trữ phòng {name}: phòng không còn được chọn cho buổi học mới.',
  ROOM_RESTORED: 'Đã dùng lại phòng {name}.',
  ROOM_DELETED: 'Đã xóa phòng {name}.',
  ROOM_IN_USE:
    'Phòng {name} đang được dùng ({lessons} buổi học, {classes} lớp học) nên không thể xóa. Hãy lưu trữ phòng thay vì xóa.',
  ROOM_NOT_AVAILABLE: 'Phòng này không còn được dùng. Vui lòng chọn phòng khác.',
  ROOM_CLASH: 'Phòng đã có buổi học của lớp {class} từ {start} đến {end}.',

  // A class's venue and a lesson's
  VENUE_ROOM_REQUIRED: 'Vui lòng chọn phòng học.',
  VENUE_LINK_REQUIRED: 'Vui lòng nhập đường dẫn phòng họp trực tuyến của lớp.',
  VENUE_LINK_INVALID:
    'Đường dẫn phải là địa chỉ https đầy đủ, ví dụ https://meet.google.com/abc-defg-hij.',
  VENUE_LINK_MISSING:
    'Lớp học chưa có đường dẫn phòng họp trực tuyến. Vui lòng thêm đường dẫn trong thông tin lớp.',
} as const;
