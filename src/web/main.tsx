import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { addTexts, language } from './i18n/index.ts';
import { silenceConsoleUnlessEnabled } from './lib/logger.ts';

silenceConsoleUnlessEnabled();
function start() {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

// English is fetched only by those who chose it, before the first screen shows (in Vietnamese if
// it cannot be fetched).
if (language === 'en') {
  import('./i18n/english.ts').then(({ english }) => addTexts({ en: english })).finally(start);
} else {
  start();
}
