// The features' own server codes (the video provider, venues, tuition) as `error.<CODE>`: a part
// of the catalogue that arrives after sign-in, as only the features' pages can meet them. In a
// module of its own so that the login route, which imports server-messages.ts, leaves them out.
import { featureMessages } from '#common/messages.ts';
import { byCode } from './server-messages.ts';

export const featureServerMessageTexts = byCode(featureMessages);
