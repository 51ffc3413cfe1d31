// Where a student's tuition account opens (the tuition page with the student chosen).
export const tuitionPathOf = (studentId: string) => `/tuition?student=${studentId}`;
