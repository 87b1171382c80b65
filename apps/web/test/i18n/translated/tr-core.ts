export default [
  'features/projects',
  'features/forecast',
  'features/predictive',
  'features/raw-data',
  'features/admin-accounts',
  'features/admin-archive',
  'features/admin-dashboard',
  'features/admin-logs',
  'features/admin-projects',
];
