import { Fragment, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { LANGUAGES, LANGUAGE_NAMES, type Language } from '@sk-tanaw/contract';
import { changeLanguage, currentLanguage } from './i18n.ts';
import { useT } from './use-t.ts';

/**
 * "English | Filipino": each language in its own name, the one shown marked as pressed. Shown on
 * the landing page and in the app's header.
 */
export function LanguageSwitch({ color = 'inherit' }: { color?: string }) {
  const t = useT();
  const language = currentLanguage();
  const [busy, setBusy] = useState(false);
  const choose = async (next: Language) => {
    if (next === language || busy) {
      return;
    }
    setBusy(true);
    try {
      await changeLanguage(next);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box
      role="group"
      aria-label={t('landing.language.label')}
      sx={{ display: 'flex', alignItems: 'center', gap: 0.75, color, fontSize: 14 }}
    >
      {LANGUAGES.map((option, index) => (
        <Fragment key={option}>
          {index > 0 ? (
            <Box component="span" aria-hidden="true" sx={{ opacity: 0.6 }}>
              |
            </Box>
          ) : null}
          <Button
            color="inherit"
            lang={option}
            aria-pressed={option === language}
            disabled={busy}
            onClick={() => void choose(option)}
            sx={{
              minWidth: 0,
              px: 0.5,
              py: 0,
              borderRadius: 1,
              font: 'inherit',
              textTransform: 'none',
              fontWeight: option === language ? 700 : 400,
              textDecoration: option === language ? 'underline' : 'none',
              textUnderlineOffset: 4,
              '&.Mui-focusVisible': { outline: '2px solid currentColor', outlineOffset: 2 },
            }}
          >
            {LANGUAGE_NAMES[option]}
          </Button>
        </Fragment>
      ))}
    </Box>
  );
}
