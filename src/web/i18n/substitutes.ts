// Substitutes (issue 28, docs/decisions/031): giving a lesson to another teacher, and a covered
// lesson as lists show it. Vietnamese; the English is beside it in substitutes.en.ts, key for key.

export const substituteTexts = {
  'substitutes.covers': 'Dạy thay: {name}',
  'substitutes.give': 'Giao dạy thay',
  'substitutes.teacher': 'Giáo viên dạy thay',
  'substitutes.classTeacher': 'Giáo viên của lớp: {name}',
  'substitutes.scope': 'Áp dụng cho',
  'substitutes.scope.one': 'Chỉ buổi này',
  'substitutes.scope.following': 'Buổi này và các buổi sau',
  'substitutes.takeBack': 'Trả lại cho giáo viên của lớp',
  'substitutes.given': 'Đã giao buổi học cho {name} dạy thay.',
  'substitutes.takenBack': 'Buổi học đã được trả lại cho giáo viên của lớp.',
  'substitutes.hint': 'Giáo viên dạy thay và giáo viên của lớp sẽ được thông báo.',
  'substitutes.chooseTeacher': 'Vui lòng chọn giáo viên dạy thay.',
} as const;
