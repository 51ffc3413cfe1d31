// product.md §9: avatar and tag colours come from the name hashed into 18 pastel colours
// (12 for class tags), so a person or class keeps its colour everywhere.
import { AVATAR_PALETTE_SIZE, CLASS_TAG_PALETTE_SIZE } from '#common/constants.ts';

const PASTELS = [
  { bg: '#fde2e4', fg: '#9d174d' },
  { bg: '#fad2e1', fg: '#9d174d' },
  { bg: '#e2ece9', fg: '#115e59' },
  { bg: '#bee1e6', fg: '#155e75' },
  { bg: '#dfe7fd', fg: '#1e3a8a' },
  { bg: '#cddafd', fg: '#1e40af' },
  { bg: '#fff1e6', fg: '#9a3412' },
  { bg: '#fde4cf', fg: '#9a3412' },
  { bg: '#e9f5db', fg: '#3f6212' },
  { bg: '#d8f3dc', fg: '#166534' },
  { bg: '#f1e4f3', fg: '#6b21a8' },
  { bg: '#e0d7f5', fg: '#5b21b6' },
  { bg: '#fef9c3', fg: '#854d0e' },
  { bg: '#ffedd5', fg: '#9a3412' },
  { bg: '#e0f2fe', fg: '#075985' },
  { bg: '#dcfce7', fg: '#166534' },
  { bg: '#fce7f3', fg: '#9d174d' },
  { bg: '#ede9fe', fg: '#5b21b6' },
] as const;

export function hashName(name: string): number {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) | 0;
  return Math.abs(hash);
}

export function avatarColor(name: string) {
  return PASTELS[hashName(name) % AVATAR_PALETTE_SIZE]!;
}

export function classTagColor(name: string) {
  return PASTELS[hashName(name) % CLASS_TAG_PALETTE_SIZE]!;
}

export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return '?';
  const first = parts[0]![0] ?? '';
  const last = parts.length > 1 ? (parts[parts.length - 1]![0] ?? '') : '';
  return (first + last).toUpperCase();
}
