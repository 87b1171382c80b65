import type { Session } from './helpers.ts';

/**
 * The four backup calls of a session (create, list, download link, install), the install with a
 * body a refusal never reads: the tests of who holds the installation's backups run them all.
 */
export const backupCalls = (s: Session) => [
  { method: 'POST' as const, url: '/api/backup', headers: s.headers },
  { method: 'GET' as const, url: '/api/backup/list', headers: s.headers },
  {
    method: 'GET' as const,
    url: '/api/backup/file-url/sk-tanaw-20260101-000000000-manual.bak',
    headers: s.headers,
  },
  {
    method: 'POST' as const,
    url: '/api/backup/install',
    headers: s.headers,
    payload: { file: 'AAAA' },
  },
];
