import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { startI18n } from './i18n/index.ts';
import { removeLegacyToken } from './lib/session-store.ts';

removeLegacyToken();

const container = document.getElementById('root');
if (!container) {
  throw new Error('Missing #root element');
}
// The first language's landing texts are there before the first paint (no flash of keys). No
// top-level await: it makes the bundler split the landing page's code into many small files.
void startI18n().then(() => {
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
