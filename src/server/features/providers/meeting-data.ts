// A meeting's stored join or secret data (JSON in lesson_meetings), read back as the provider wrote it.
import type { MeetingData } from './provider.ts';

export const meetingData = (json: string | null | undefined): MeetingData =>
  json ? (JSON.parse(json) as MeetingData) : {};
