// The whole catalogue, both languages, each feature's part merged: what the key type is made of
// and what the tests compare. The app itself loads the parts in two steps (index.ts).
import { afterSignInParts } from './after-sign-in-texts.ts';
import { shellParts } from './shell-texts.ts';

type Part = (typeof shellParts | typeof afterSignInParts)[number];
type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (
  x: infer I,
) => void
  ? I
  : never;

export type Catalogue = UnionToIntersection<Part['vi']>;
export type MessageKey = keyof Catalogue;

const parts: readonly Part[] = [...shellParts, ...afterSignInParts];
export const vi = Object.assign({}, ...parts.map((part) => part.vi)) as Record<MessageKey, string>;
export const en = Object.assign({}, ...parts.map((part) => part.en)) as Record<MessageKey, string>;
