import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import PhotoCamera from '@mui/icons-material/PhotoCamera';
import UploadFile from '@mui/icons-material/UploadFile';
import { PROJECT_FILE_ACCEPT, projectFileTypeOf } from '@sk-tanaw/contract';
import { NARROW_SCREEN_QUERY } from '../../../components/narrow-screen-gate.tsx';
import { i18n, useT } from '../../../i18n/index.ts';
import { isPhoto, photoToPdf } from '../../../lib/photo-pdf.ts';

export interface ChosenFile {
  file: File | null;
  error: string | null;
}

/** Checks a chosen file's extension (pdf, doc, docx, any case) the way spec section 5 says. */
export function chooseFile(file: File | null): ChosenFile {
  if (!file) {
    return { file: null, error: null };
  }
  return projectFileTypeOf(file.name)
    ? { file, error: null }
    : { file, error: i18n._('projects.file.invalidType') };
}

export function DocumentFileInput({
  label,
  value,
  onChange,
  disabled,
}: {
  label: string;
  value: ChosenFile;
  onChange: (value: ChosenFile) => void;
  disabled?: boolean;
}) {
  const t = useT();
  // On a phone: a photo straight from the camera too, sent as a one-page PDF.
  const narrow = useMediaQuery(NARROW_SCREEN_QUERY, { noSsr: true });
  const [preparing, setPreparing] = useState(false);
  const pick = async (file: File | null) => {
    if (!file || !isPhoto(file)) {
      onChange(chooseFile(file));
      return;
    }
    setPreparing(true);
    try {
      onChange({ file: await photoToPdf(file), error: null });
    } catch {
      onChange({ file: null, error: t('projects.file.photoFailed') });
    } finally {
      setPreparing(false);
    }
  };
  return (
    <Box sx={{ mt: 2 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        {narrow ? (
          <Button
            component="label"
            variant="contained"
            startIcon={<PhotoCamera />}
            disabled={disabled || preparing}
            sx={{ minHeight: 48 }}
          >
            {t('projects.file.photo')}
            <input
              hidden
              type="file"
              accept="image/*,application/pdf"
              capture="environment"
              aria-label={t('projects.file.photo')}
              onChange={(event) => void pick(event.target.files?.[0] ?? null)}
            />
          </Button>
        ) : null}
        <Button
          component="label"
          variant="outlined"
          startIcon={<UploadFile />}
          disabled={disabled || preparing}
          sx={narrow ? { minHeight: 48 } : undefined}
        >
          {label}
          <input
            hidden
            type="file"
            accept={narrow ? `image/*,${PROJECT_FILE_ACCEPT}` : PROJECT_FILE_ACCEPT}
            aria-label={label}
            onChange={(event) => void pick(event.target.files?.[0] ?? null)}
          />
        </Button>
      </Box>
      <Typography variant="body2" sx={{ mt: 1 }} color="text.secondary" aria-live="polite">
        {preparing
          ? t('projects.file.preparing')
          : value.file
            ? value.file.name
            : t('projects.file.none')}
      </Typography>
      {value.error ? (
        <FormHelperText error role="alert">
          {value.error}
        </FormHelperText>
      ) : null}
    </Box>
  );
}
