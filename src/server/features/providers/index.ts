// The providers feature's public face: what other features may use of it. Everything else in
// this folder is its own business (tests/unit/feature-boundaries.test.ts holds the line).

export { meetingData } from './meeting-data.ts';
export type {
  HostAccount,
  LaunchRole,
  LessonMeeting,
  MeetingData,
  ParticipantReportRow,
  ProviderEvent,
  ProviderRecording,
  VideoProvider,
} from './provider.ts';
export { ParticipantsReportRefusal } from './provider.ts';
