// Lessons' recordings' public face: what a lesson says of its recordings, the class's query that
// feeds it, and the retention card of Settings.
export { useClassRecordings } from './api.ts';
export { HeldLessonRecordings, LessonRecordings } from './lesson-recordings.tsx';
export { RecordingRetentionCard } from './retention-card.tsx';
