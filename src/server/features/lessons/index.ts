// The schedules feature's public face: what other features may use of it. Everything else in
// this folder is its own business (tests/unit/feature-boundaries.test.ts holds the line).

export { actsOnLesson, refuseUnlessTeachesLesson } from './covered-lesson.ts';
export { lessonAudience } from './lesson-audience.ts';
export {
  findVisibleLesson,
  lessonsWithClass,
  toLessonDto,
  visibleLessons,
} from './queries.ts';
