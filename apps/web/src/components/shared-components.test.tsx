import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Download from '@mui/icons-material/Download';
import Group from '@mui/icons-material/Group';
import { MemoryRouter } from 'react-router-dom';
import { ToastContainer } from 'react-toastify';
import { describe, expect, it, vi } from 'vitest';
import { DownloadMenu } from './download-menu.tsx';
import { ListState } from './list-state.tsx';
import { StatCard } from './stat-card.tsx';

const errorText = (error: unknown) => `Could not load: ${(error as Error).message}`;

/** A list of users in the given state, loaded and empty unless told otherwise. */
function renderListState(state: { error: unknown; loading: boolean }) {
  render(
    <ListState
      errorText={errorText}
      loadingLabel="Loading users"
      empty
      emptyText="No users."
      {...state}
    />,
  );
}

describe('ListState', () => {
  it('shows a named spinner while loading and nothing else', () => {
    renderListState({ error: null, loading: true });
    expect(screen.getByRole('progressbar', { name: 'Loading users' })).toBeInTheDocument();
    expect(screen.queryByText('No users.')).not.toBeInTheDocument();
  });

  it("shows the error in the feature's words and no empty text", () => {
    renderListState({ error: new Error('timeout'), loading: false });
    expect(screen.getByRole('alert')).toHaveTextContent('Could not load: timeout');
    expect(screen.queryByText('No users.')).not.toBeInTheDocument();
  });

  it('shows the empty text once a list has loaded without rows', () => {
    renderListState({ error: null, loading: false });
    expect(screen.getByText('No users.')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });
});

describe('StatCard', () => {
  it('shows its title, figure, caption, details and link', () => {
    render(
      <MemoryRouter>
        <StatCard
          title="User Management"
          icon={Group}
          headline={12}
          caption="Accounts"
          link={{ to: '/admin/roles', label: 'Manage roles' }}
        >
          <p>Active: 10</p>
        </StatCard>
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: 'User Management' })).toBeInTheDocument();
    expect(screen.getByText('12')).toBeInTheDocument();
    expect(screen.getByText('Accounts')).toBeInTheDocument();
    expect(screen.getByText('Active: 10')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Manage roles' })).toHaveAttribute(
      'href',
      '/admin/roles',
    );
  });
});

describe('DownloadMenu', () => {
  it('fetches the chosen file, says so on its button meanwhile, and shows a failure', async () => {
    const user = userEvent.setup();
    let finish = () => {};
    const excel = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const pdf = vi.fn(() => Promise.reject(new Error('The PDF could not be made.')));
    render(
      <>
        <DownloadMenu
          id="files"
          icon={<Download />}
          label="Files"
          preparingLabel="Preparing…"
          heading="Files of 2026"
          choices={[
            { key: 'xlsx', label: 'As Excel', download: excel },
            { key: 'pdf', label: 'As PDF', download: pdf },
          ]}
        />
        <ToastContainer />
      </>,
    );
    await user.click(screen.getByRole('button', { name: 'Files' }));
    // The menu's code loads on its first opening.
    expect(await screen.findByRole('menu')).toHaveTextContent('Files of 2026');
    await user.click(screen.getByRole('menuitem', { name: 'As Excel' }));
    expect(excel).toHaveBeenCalledOnce();
    expect(screen.getByRole('button', { name: 'Preparing…' })).toBeDisabled();
    finish();
    await user.click(await screen.findByRole('button', { name: 'Files' }));
    await user.click(screen.getByRole('menuitem', { name: 'As PDF' }));
    expect(await screen.findByText('The PDF could not be made.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Files' })).toBeEnabled();
  });
});
