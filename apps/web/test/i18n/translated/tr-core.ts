export default [
  'features/projects',
  'features/forecast',
  'features/predictive',
  'features/raw-data',
];
