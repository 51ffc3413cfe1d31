// Puts the after-sign-in parts of the catalogue in place. lazyPage loads this module with every
// page, so its texts are there before any of them renders.
import { afterSignInParts } from './after-sign-in-texts.ts';
import { addTexts } from './index.ts';

addTexts({ vi: Object.assign({}, ...afterSignInParts) });
