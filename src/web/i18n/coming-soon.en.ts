// coming-soon.ts in English: product.md writes these pages in English in both languages.
import { comingSoonTexts } from './coming-soon.ts';

export const comingSoonTextsEn: Record<keyof typeof comingSoonTexts, string> = comingSoonTexts;
