import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { addTexts, language } from './i18n/index.ts';
import { silenceConsoleUnlessEnabled } from './lib/logger.ts';

silenceConsoleUnlessEnabled();
// The first render as a transition: React renders the tree in slices of a few milliseconds and
// lets the browser in between, instead of one long task a slow phone cannot answer a tap during
// (issue 31 point 4: Total Blocking Time).
function start() {
  const root = createRoot(document.getElementById('root')!);
  startTransition(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
}

// English is fetched only by those who chose it, before the first screen shows (in Vietnamese if
// it cannot be fetched).
if (language === 'en') {
  import('./i18n/english.ts').then(({ english }) => addTexts({ en: english })).finally(start);
} else {
  start();
}
