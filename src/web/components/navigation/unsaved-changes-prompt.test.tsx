import { screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { Link, type RouteObject } from 'react-router';
import { renderWithProviders } from '../../testing/render-with-providers';
import { UnsavedChangesPrompt } from './unsaved-changes-prompt';

function EditPage() {
  const [value, setValue] = useState('');
  return (
    <form>
      <label>
        Name
        <input value={value} onChange={(event) => setValue(event.target.value)} />
      </label>
      <UnsavedChangesPrompt dirty={value !== ''} />
      <Link to="/elsewhere">Leave</Link>
    </form>
  );
}

const routes: RouteObject[] = [
  { path: '/edit', element: <EditPage /> },
  { path: '/elsewhere', element: <p>Somewhere else</p> },
];

const MESSAGE = 'Are you sure you want to leave? You have some unsaved changes.';

describe('unsaved-changes guard', () => {
  it('lets a clean form go without asking', async () => {
    const { user } = await renderWithProviders({ route: '/edit', routes });
    await user.click(screen.getByRole('link', { name: 'Leave' }));
    expect(await screen.findByText('Somewhere else')).toBeInTheDocument();
    expect(screen.queryByText(MESSAGE)).not.toBeInTheDocument();
  });

  it('blocks leaving a dirty form: Cancel stays, OK leaves', async () => {
    const { user, router } = await renderWithProviders({ route: '/edit', routes });
    await user.type(screen.getByLabelText('Name'), 'Ada');

    await user.click(screen.getByRole('link', { name: 'Leave' }));
    expect(await screen.findByText(MESSAGE)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/edit');

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByText(MESSAGE)).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/edit');
    expect(screen.getByLabelText('Name')).toHaveValue('Ada');

    await user.click(screen.getByRole('link', { name: 'Leave' }));
    await user.click(await screen.findByRole('button', { name: 'OK' }));
    expect(await screen.findByText('Somewhere else')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/elsewhere');
  });

  it('asks the browser to confirm a reload or close while dirty', async () => {
    const { user } = await renderWithProviders({ route: '/edit', routes });
    const clean = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(clean);
    expect(clean.defaultPrevented).toBe(false);

    await user.type(screen.getByLabelText('Name'), 'Ada');
    const dirty = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(dirty);
    expect(dirty.defaultPrevented).toBe(true);
  });
});
