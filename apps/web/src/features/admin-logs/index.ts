export { AuditTrailPage } from './components/audit-trail-page.tsx';
export { SessionsPage } from './components/sessions-page.tsx';
