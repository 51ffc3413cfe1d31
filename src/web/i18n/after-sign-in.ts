// The catalogue's parts for the pages after sign-in (accounts, settings, classes, lessons): not
// in the login page's first download. lazyPage loads this module with every page, so its texts
// are in place before any of them renders.
import { addTexts } from './index.ts';
import { viLessons } from './vi-lessons.ts';
import { viPeople } from './vi-people.ts';

addTexts({ vi: { ...viPeople, ...viLessons } });
