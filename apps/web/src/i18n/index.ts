export {
  changeLanguage,
  currentLanguage,
  currentLocale,
  i18n,
  initialLanguage,
  loadNamespaces,
  onLanguageChosen,
  startI18n,
  storedLanguage,
} from './i18n.ts';
export { LanguageSwitch } from './language-switch.tsx';
export { APP_NAMESPACES, NAMESPACES, type Namespace } from './namespaces.ts';
export { useT } from './use-t.ts';
export { T } from './trans.tsx';
