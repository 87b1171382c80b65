import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import UploadFile from '@mui/icons-material/UploadFile';
import { PROJECT_FILE_ACCEPT, projectFileTypeOf } from '@sk-tanaw/contract';
import { i18n, useT } from '../../../i18n/index.ts';

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
  return (
    <Box sx={{ mt: 2 }}>
      <Button component="label" variant="outlined" startIcon={<UploadFile />} disabled={disabled}>
        {label}
        <input
          hidden
          type="file"
          accept={PROJECT_FILE_ACCEPT}
          aria-label={label}
          onChange={(event) => onChange(chooseFile(event.target.files?.[0] ?? null))}
        />
      </Button>
      <Typography variant="body2" sx={{ mt: 1 }} color="text.secondary">
        {value.file ? value.file.name : t('projects.file.none')}
      </Typography>
      {value.error ? (
        <FormHelperText error role="alert">
          {value.error}
        </FormHelperText>
      ) : null}
    </Box>
  );
}
