// The whole catalogue, each feature's part merged, in both languages: what the key type is made of
// and what the tests compare. The app itself loads the parts in steps (index.ts).
import { afterSignInParts } from './after-sign-in-texts.ts';
import { english } from './english.ts';
import { shellParts } from './shell-texts.ts';

type Part = (typeof shellParts | typeof afterSignInParts)[number];
type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (
  x: infer I,
) => void
  ? I
  : never;

export type MessageKey = keyof UnionToIntersection<Part>;

export const vi = Object.assign({}, ...shellParts, ...afterSignInParts) as Record<
  MessageKey,
  string
>;
export const en: Record<MessageKey, string> = english;
