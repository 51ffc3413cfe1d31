// Make-up lessons (issue 28 point 2, docs/decisions/032-make-up-lessons.md): credits earned by an
// excused absence, booked into a lesson of another class. common/messages.ts spreads these in;
// makeup-messages-en.ts holds the same codes in English.

export const makeupMessages = {
  MAKEUP_CREDIT_DAYS_RANGE: 'Thời hạn của suất học bù từ 1 đến 365 ngày.',
  MAKEUP_SEATS_RANGE: 'Số chỗ học bù mỗi buổi từ 0 đến 50.',
  MAKEUP_BOOKED: 'Đã đặt buổi học bù: {class}, {time}.',
  MAKEUP_BOOKING_CANCELLED: 'Đã huỷ buổi học bù; suất học bù được trả lại.',
  MAKEUP_BOOK_FORBIDDEN: 'Bạn không thể tự đặt buổi học bù. Vui lòng liên hệ trung tâm.',
  MAKEUP_CREDIT_NOT_FOUND: 'Không tìm thấy suất học bù này.',
  MAKEUP_CREDIT_USED: 'Suất học bù này đã được dùng.',
  MAKEUP_CREDIT_EXPIRED: 'Suất học bù này đã hết hạn.',
  MAKEUP_SAME_CLASS: 'Hãy chọn buổi của một lớp khác: không học bù vào chính lớp đã nghỉ.',
  MAKEUP_ENROLLED_IN_CLASS: 'Học viên đang học lớp này: hãy chọn buổi của một lớp khác.',
  MAKEUP_LESSON_NOT_PENDING: 'Chỉ đặt học bù vào buổi học chưa bắt đầu.',
  MAKEUP_LESSON_AFTER_EXPIRY: 'Buổi học này sau hạn của suất học bù ({date}).',
  MAKEUP_NO_SEATS: 'Buổi học này đã hết chỗ học bù.',
  MAKEUP_CLASH: 'Buổi học này trùng giờ với một buổi học khác của học viên ({class}).',
  MAKEUP_NOT_BOOKED: 'Suất học bù này chưa được đặt vào buổi nào.',
  MAKEUP_ALREADY_STARTED: 'Buổi học bù đã bắt đầu, không huỷ được nữa.',
} as const;
