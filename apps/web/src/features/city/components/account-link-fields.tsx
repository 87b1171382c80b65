import { useState } from 'react';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { LANGUAGES, emailDomainList, emailProblem, type Language } from '@sk-tanaw/contract';
import { useT } from '../../../i18n/index.ts';
import { accountEmailText, useAccountEmailDomains } from '../../../lib/account-email.ts';

/** Each language named in itself, as language pickers do. */
const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', fil: 'Filipino' };

export interface AccountLinkValues {
  fullName: string;
  username: string;
  emailAddress: string;
  language: Language;
}

/**
 * The fields of an account made for someone who finishes it with an e-mailed one-time link: a
 * barangay's first administrator (create-admin-dialog.tsx) and a city account
 * (city-account-dialog.tsx). The server validates them; the form keeps its values when refused.
 * The e-mail field names the installation's allowed domains and, once left, says what is wrong
 * with the address by the server's own rule.
 */
export function AccountLinkFields({
  values,
  onChange,
}: {
  values: AccountLinkValues;
  onChange: (values: AccountLinkValues) => void;
}) {
  const t = useT();
  const domains = useAccountEmailDomains();
  const [emailLeft, setEmailLeft] = useState(false);
  const set = (patch: Partial<AccountLinkValues>) => onChange({ ...values, ...patch });
  const emailError =
    emailLeft && values.emailAddress.trim() !== ''
      ? accountEmailText(t, emailProblem(values.emailAddress, domains), domains)
      : null;
  return (
    <>
      <TextField
        label={t('shell.city.admin.fullName')}
        value={values.fullName}
        onChange={(event) => set({ fullName: event.target.value })}
        required
        autoFocus
        fullWidth
      />
      <TextField
        label={t('shell.city.admin.username')}
        value={values.username}
        onChange={(event) => set({ username: event.target.value })}
        required
        autoComplete="off"
        fullWidth
      />
      <TextField
        label={t('shell.city.admin.email')}
        type="email"
        value={values.emailAddress}
        onChange={(event) => set({ emailAddress: event.target.value })}
        onBlur={() => setEmailLeft(true)}
        error={emailError !== null}
        helperText={
          emailError ??
          `${t('shell.city.admin.emailHint')} ${t('shell.city.admin.emailDomains', {
            domains: emailDomainList(domains, t('shell.city.admin.and')),
          })}`
        }
        required
        fullWidth
      />
      <TextField
        select
        label={t('shell.city.admin.language')}
        value={values.language}
        onChange={(event) => set({ language: event.target.value as Language })}
        fullWidth
      >
        {LANGUAGES.map((code) => (
          <MenuItem key={code} value={code} lang={code}>
            {LANGUAGE_NAMES[code]}
          </MenuItem>
        ))}
      </TextField>
    </>
  );
}

/** The values as sent: trimmed. */
export function trimmed(values: AccountLinkValues): AccountLinkValues {
  return {
    fullName: values.fullName.trim(),
    username: values.username.trim(),
    emailAddress: values.emailAddress.trim(),
    language: values.language,
  };
}
