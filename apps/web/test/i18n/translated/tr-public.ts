export default [
  'features/landing',
  'components/narrow-screen-gate.tsx',
  'components/coming-soon.tsx',
  'components/loading-screen.tsx',
];
