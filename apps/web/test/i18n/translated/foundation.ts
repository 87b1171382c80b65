export default ['i18n', 'features/landing/components/landing-nav.tsx'];
