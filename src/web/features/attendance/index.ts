// The attendance feature's public face: a student's attendance across their classes (the
// student's details show it to admin and staff).

export { useStudentAttendance } from './api.ts';
export { StudentAttendance } from './student-attendance.tsx';
