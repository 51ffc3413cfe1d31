// The interface's words, Vietnamese where product.md gives Vietnamese (and its English where it
// gives English): the web's one text catalogue, in three parts by area. The server's messages
// (src/common/messages.ts, shared with the server's replies) are in it as `error.<CODE>`; the web
// shows an error by its code (lib/error-text.ts), never by the text that came with it.
import { viLessons } from './vi-lessons.ts';
import { viPeople } from './vi-people.ts';
import { viShell } from './vi-shell.ts';

export const vi = { ...viShell, ...viPeople, ...viLessons } as const;

export type MessageKey = keyof typeof vi;
