// Who may see a lesson's recordings (docs/decisions/034-recordings.md), applied inside the query:
// admin and staff every active class's lessons; a teacher the lessons of their classes and the
// lessons they cover as substitute (schedules.substitute_teacher_id); a student the lessons of
// the classes they are enrolled in now (the same rule as the lessons they see: one who left the
// class no longer sees its lessons, nor their recordings). Anyone else: the lesson is refused with
// the codebase's rule (db/visibility.ts: 403 when it exists, 404 when not).
import type { Kysely } from 'kysely';
import type { RecordingDto } from '#common/recordings.ts';
import type { Database } from '#server/db/schema.ts';
import type { SessionUser } from '#server/features/auth/index.ts';

type Viewer = Pick<SessionUser, 'user_id' | 'role'>;

/** The lessons (s) of active classes (c) whose recordings the viewer may see. */
export function lessonsWithRecordingsFor(db: Kysely<Database>, viewer: Viewer) {
  const query = db
    .selectFrom('schedules as s')
    .innerJoin('classes as c', 'c.class_id', 's.class_id')
    .where('c.is_active', '=', true);
  if (viewer.role === 'admin' || viewer.role === 'staff') return query;
  if (viewer.role === 'teacher') {
    return query.where((eb) =>
      eb.or([
        eb('c.teacher_id', '=', viewer.user_id),
        eb('s.substitute_teacher_id', '=', viewer.user_id),
      ]),
    );
  }
  return query.where((eb) =>
    eb.exists(
      eb
        .selectFrom('class_students as e')
        .select('e.student_id')
        .whereRef('e.class_id', '=', 's.class_id')
        .where('e.student_id', '=', viewer.user_id),
    ),
  );
}

export const RECORDING_COLUMNS = [
  'r.recording_id',
  'r.schedule_id',
  'r.provider',
  'r.started_at',
  'r.ended_at',
  'r.total_bytes',
  'r.files',
  'r.deleted_at',
] as const;

export interface RecordingRow {
  recording_id: string;
  schedule_id: string;
  started_at: string;
  ended_at: string | null;
  total_bytes: number | string;
  files: string;
  deleted_at: string | null;
}

interface StoredFile {
  fileType: string;
  recordingType: string;
  startedAt: string;
  endedAt: string | null;
  bytes: number;
}

/** What a browser receives: never the share link, the passcode or the provider's play links. */
export function toRecordingDto(row: RecordingRow): RecordingDto {
  const files = JSON.parse(row.files) as StoredFile[];
  return {
    recording_id: row.recording_id,
    schedule_id: row.schedule_id,
    started_at: new Date(row.started_at).toISOString(),
    ended_at: row.ended_at ? new Date(row.ended_at).toISOString() : null,
    total_bytes: Number(row.total_bytes),
    status: row.deleted_at ? 'deleted' : 'available',
    deleted_at: row.deleted_at ? new Date(row.deleted_at).toISOString() : null,
    watch_path: row.deleted_at ? null : `/api/recordings/${row.recording_id}/watch`,
    files: files.map((file) => ({
      file_type: file.fileType,
      recording_type: file.recordingType,
      started_at: file.startedAt,
      ended_at: file.endedAt,
      bytes: file.bytes,
    })),
  };
}
