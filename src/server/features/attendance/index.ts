// The attendance feature's public face: what the server and other features may use of it.

export { tellParentsOfEndedLessons } from './absences.ts';
export { startAttendanceReports } from './provider-report.ts';
export { lessonStudents } from './read-attendance.ts';
