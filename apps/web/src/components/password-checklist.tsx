import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import CheckCircle from '@mui/icons-material/CheckCircle';
import RadioButtonUnchecked from '@mui/icons-material/RadioButtonUnchecked';
import { visuallyHidden } from '../lib/visually-hidden.ts';

export interface ChecklistItem {
  id: string;
  label: string;
  met: boolean;
}

/** Live list of password rules, each marked met or not met. */
export function PasswordChecklist({
  items,
  title = 'Password requirements',
}: {
  items: readonly ChecklistItem[];
  title?: string;
}) {
  return (
    <List dense aria-label={title} sx={{ py: 0 }}>
      {items.map((item) => (
        <ListItem key={item.id} disableGutters sx={{ py: 0 }} data-met={item.met}>
          <ListItemIcon sx={{ minWidth: 30 }}>
            {item.met ? (
              <CheckCircle fontSize="small" sx={{ color: 'success.main' }} />
            ) : (
              <RadioButtonUnchecked fontSize="small" sx={{ color: 'text.secondary' }} />
            )}
          </ListItemIcon>
          <ListItemText
            primary={
              <>
                {item.label}
                <Box component="span" sx={visuallyHidden}>
                  {item.met ? ' (met)' : ' (not met)'}
                </Box>
              </>
            }
            slotProps={{
              primary: {
                sx: { color: item.met ? 'success.main' : 'text.secondary', fontSize: '0.875rem' },
              },
            }}
          />
        </ListItem>
      ))}
    </List>
  );
}
