export default [
  'features/tracker',
  'features/disclosure',
  'components/spending-chart.tsx',
  'components/tracker-alerts-list.tsx',
  'components/tracker-status-chip.tsx',
  'components/utilisation-bar.tsx',
];
