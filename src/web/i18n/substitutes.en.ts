// The substitute texts in English (substitutes.ts holds the Vietnamese, key for key).
import type { substituteTexts } from './substitutes.ts';

export const substituteTextsEn: Record<keyof typeof substituteTexts, string> = {
  'substitutes.covers': 'Substitute: {name}',
  'substitutes.give': 'Give to a substitute',
  'substitutes.teacher': 'Substitute teacher',
  'substitutes.classTeacher': "The class's teacher: {name}",
  'substitutes.scope': 'Apply to',
  'substitutes.scope.one': 'This lesson only',
  'substitutes.scope.following': 'This and following lessons',
  'substitutes.takeBack': "Give back to the class's teacher",
  'substitutes.given': 'The lesson was given to {name}.',
  'substitutes.takenBack': "The lesson is the class's teacher's again.",
  'substitutes.hint': "The substitute and the class's teacher are told.",
  'substitutes.chooseTeacher': 'Please choose the substitute.',
};
