import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import type { DownloadChoice } from './download-menu.tsx';

/** The open download menu's list (loaded when the menu is first opened). */
export function DownloadMenuList({
  id,
  anchor,
  heading,
  choices,
  onChoose,
  onClose,
}: {
  id: string;
  anchor: HTMLElement | null;
  heading?: string;
  choices: DownloadChoice[];
  onChoose: (choice: DownloadChoice) => void;
  onClose: () => void;
}) {
  return (
    <Menu id={id} anchorEl={anchor} open={anchor !== null} onClose={onClose}>
      {heading ? <ListSubheader sx={{ lineHeight: '32px' }}>{heading}</ListSubheader> : null}
      {choices.map((choice) => (
        <MenuItem key={choice.key} onClick={() => onChoose(choice)}>
          {choice.label}
        </MenuItem>
      ))}
    </Menu>
  );
}
