// What happened, told by the operation that did it, for the parts of the server that react
// (notifications today; e-mail and audit entries later). Unlike the realtime events of
// common/events.ts these stay in the process and carry what a reaction needs. A subscriber's
// failure is logged and never undoes or fails the write that was already committed.

/** A lesson as it was when the change was made. */
export interface LessonChange {
  scheduleId: string;
  topic: string;
  start: string;
  /** Its new start, when its time changed. */
  newStart?: string;
  status?: string;
}

export interface StartedLesson {
  schedule_id: string;
  class_id: string;
  class_name: string;
  topic: string;
  start_time: string;
}

/** Lessons of one class moved or deleted together. */
export interface LessonsChanged {
  classId: string;
  className: string;
  /** In time order. */
  lessons: LessonChange[];
  /** Who made the change (not told about it). */
  actorId: string;
}

/** One lesson moved or cancelled (lessons/move-lesson.ts, cancel-lesson.ts), as it was before. */
export interface ChangedLesson {
  scheduleId: string;
  classId: string;
  className: string;
  topic: string;
  start: string;
  end: string;
}

/**
 * Lessons of one class given to a substitute, or taken back (substituteId null), by one change
 * (lessons/give-to-substitute.ts); each lesson with the substitute it had before.
 */
export interface SubstituteChange {
  classId: string;
  className: string;
  classTeacherId: string;
  substituteId: string | null;
  substituteName: string | null;
  /** In time order. */
  lessons: {
    scheduleId: string;
    topic: string;
    start: string;
    previousSubstituteId: string | null;
  }[];
  actorId: string;
}

export type DomainEvent =
  | { type: 'lessons.created'; classId: string; lessonIds: string[]; actorId: string }
  | { type: 'lesson.updated'; classId: string; scheduleId: string; actorId: string }
  | ({ type: 'lessons.moved' } & LessonsChanged)
  | ({ type: 'lessons.deleted' } & LessonsChanged)
  | { type: 'lesson.started'; lesson: StartedLesson }
  | ({ type: 'lessons.substitute-changed' } & SubstituteChange)
  | {
      type: 'lesson.moved';
      lesson: ChangedLesson;
      newStart: string;
      newEnd: string;
      actorId: string;
    }
  | { type: 'lesson.cancelled'; lesson: ChangedLesson; reason: string; actorId: string }
  | { type: 'enrolment.added'; classId: string; studentIds: string[]; actorId: string }
  /** A person's e-mail (their sign-in) was corrected by someone (users/update-user.ts). */
  | {
      type: 'user.email-changed';
      userId: string;
      oldEmail: string;
      newEmail: string;
      actorId: string;
    };

export type DomainEventType = DomainEvent['type'];
export type DomainEventOf<T extends DomainEventType> = Extract<DomainEvent, { type: T }>;

interface Log {
  warn: (obj: object, msg: string) => void;
}

export interface DomainEvents {
  /** Runs every subscriber of the event (after the write committed); never throws. */
  publish(event: DomainEvent): Promise<void>;
  /** Returns the unsubscribe; a failure of the handler goes to `log`. */
  subscribe<T extends DomainEventType>(
    type: T,
    handler: (event: DomainEventOf<T>) => Promise<void>,
    log: Log,
  ): () => void;
}

interface Subscriber {
  type: DomainEventType;
  handler: (event: DomainEvent) => Promise<void>;
  log: Log;
}

export function createDomainEvents(): DomainEvents {
  const subscribers = new Set<Subscriber>();
  return {
    async publish(event) {
      for (const subscriber of [...subscribers]) {
        if (subscriber.type !== event.type) continue;
        try {
          await subscriber.handler(event);
        } catch (error) {
          subscriber.log.warn(
            { err: error, event: event.type },
            'a domain event subscriber failed',
          );
        }
      }
    },
    subscribe(type, handler, log) {
      const subscriber = { type, handler: handler as Subscriber['handler'], log };
      subscribers.add(subscriber);
      return () => subscribers.delete(subscriber);
    },
  };
}
