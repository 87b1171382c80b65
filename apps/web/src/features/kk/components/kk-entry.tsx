import { useParams } from 'react-router-dom';
import { KkPublicFormPage } from './public-form-page.tsx';
import { KkRegistryPage } from './registry-page.tsx';

/**
 * One lazy entry for both KK routes (the landing page's JavaScript budget has room for one more
 * lazy stub, not two): `/kk/:barangayCode` is the public form, `/kk` the officers' registry.
 */
export function KkEntry() {
  return useParams().barangayCode ? <KkPublicFormPage /> : <KkRegistryPage />;
}
