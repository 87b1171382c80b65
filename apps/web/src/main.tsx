import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { startI18n } from './i18n/index.ts';
import { removeLegacyToken } from './lib/session-store.ts';

removeLegacyToken();
// The first language's landing texts are there before the first paint (no flash of keys).
await startI18n();

const container = document.getElementById('root');
if (!container) {
  throw new Error('Missing #root element');
}
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
