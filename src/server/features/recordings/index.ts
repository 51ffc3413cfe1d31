// The recordings feature's public face: what other features may use of it. Everything else in
// this folder is its own business (tests/unit/feature-boundaries.test.ts holds the line).
export { attachRecording } from './attach-recording.ts';
export { fetchMissedRecordings } from './missed-recordings.ts';
export { deleteExpiredRecordings, startRecordingJobs } from './retention.ts';
export { recordingRoutes } from './routes.ts';
