import { useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AccountBalance from '@mui/icons-material/AccountBalance';
import LocationCity from '@mui/icons-material/LocationCity';
import type { BarangaySummary } from '@sk-tanaw/contract';
import { useT } from '../../i18n/index.ts';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';
import { barangayLabel, useBarangaySearch } from './api.ts';

export interface BarangaySearchFieldProps {
  label: string;
  onPick: (barangay: BarangaySummary) => void;
  value?: BarangaySummary | null;
  autoFocus?: boolean;
  error?: boolean;
  helperText?: string;
  /** The city offices too (the landing page's picker): a city's staff find their city. */
  offices?: boolean;
}

/**
 * A searchable list of the installation's barangays (a combobox: type a few letters,
 * arrow keys and Enter to choose; the screen reader reads each option's name, city and district).
 * The server searches (GET /api/barangays?q=), asked once the typing pauses.
 */
export function BarangaySearchField(props: BarangaySearchFieldProps) {
  const { label, onPick, value = null, autoFocus, error, helperText, offices = false } = props;
  const t = useT();
  const [input, setInput] = useState('');
  const typed = useDebouncedValue(input);
  // The text of a chosen option is "Name, City": search by what was typed, not by that.
  const search = useBarangaySearch(
    value && input === barangayLabel(value) ? '' : typed,
    true,
    offices,
  );
  const options = search.data ?? [];
  return (
    <Autocomplete<BarangaySummary>
      options={value && !options.some((o) => o.code === value.code) ? [value, ...options] : options}
      value={value}
      onChange={(_event, picked) => {
        if (picked) {
          onPick(picked);
        }
      }}
      inputValue={input}
      onInputChange={(_event, text) => setInput(text)}
      filterOptions={(list) => list}
      getOptionLabel={barangayLabel}
      isOptionEqualToValue={(a, b) => a.code === b.code}
      loading={search.isFetching}
      loadingText={t('auth.search.loading')}
      noOptionsText={search.isError ? t('auth.search.failed') : t('auth.search.none')}
      openOnFocus
      autoHighlight
      renderOption={({ key, ...optionProps }, option) => (
        <Box component="li" key={key} {...optionProps} sx={{ gap: 1.5 }}>
          {option.kind === 'city' ? (
            <AccountBalance color="primary" fontSize="small" aria-hidden />
          ) : (
            <LocationCity color="primary" fontSize="small" aria-hidden />
          )}
          <Box>
            <Typography component="span" sx={{ display: 'block', fontWeight: 600 }}>
              {option.name}
            </Typography>
            <Typography component="span" variant="body2" color="text.secondary">
              {option.kind === 'city'
                ? t('auth.search.cityOffice')
                : [option.city, option.district].filter(Boolean).join(' · ')}
            </Typography>
          </Box>
        </Box>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          autoFocus={autoFocus}
          error={error}
          helperText={helperText ?? t('auth.search.hint')}
        />
      )}
    />
  );
}
