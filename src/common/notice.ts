// What a reply says to the person who asked (a success's "saved", "3 lessons created"): a code of
// the catalogue and the values its text names. The client writes it out in its reader's language.
import { z } from 'zod';
import { type MessageCode, messages } from './messages.ts';

const MESSAGE_CODES = Object.keys(messages) as [MessageCode, ...MessageCode[]];
export const messageCodeSchema = z.enum(MESSAGE_CODES);
export const noticeParamsSchema = z.record(z.string(), z.string());

/** Spread into a reply's object: `code` and, when the text names values, `params`. */
export const noticeShape = {
  code: messageCodeSchema.optional(),
  params: noticeParamsSchema.optional(),
};
export const noticeSchema = z.object({
  code: messageCodeSchema,
  params: noticeParamsSchema.optional(),
});
export type Notice = z.infer<typeof noticeSchema>;
