export default [
  'features/landing',
  'components/narrow-screen-gate.tsx',
  'components/coming-soon.tsx',
  'components/loading-screen.tsx',
  'features/auth',
  'features/access',
  'features/password-recovery',
  'components/password-checklist.tsx',
  'components/password-field.tsx',
  'components/rich-text.tsx',
  'features/showcase',
  'features/shell',
];
