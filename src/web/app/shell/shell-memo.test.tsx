import { act, screen } from '@testing-library/react';
import { useState } from 'react';
import { installFetchStub } from '../../testing/fetch-stub';
import { ACME, serverFor, signedInState } from '../../testing/factories';
import { renderWithProviders } from '../../testing/render-with-providers';
import { Shell } from './shell';
import type * as TopBarModule from './top-bar';

const topBarRenders = jest.fn();
jest.mock('./top-bar', () => {
  const actual = jest.requireActual<typeof TopBarModule>('./top-bar');
  return {
    TopBar: (props: Parameters<typeof actual.TopBar>[0]) => {
      topBarRenders();
      return actual.TopBar(props);
    },
  };
});

let rerenderParent: () => void = () => undefined;

/** Stands for MainLayout, which the session's answers render again (each a synchronous store update). */
function ParentRenderedAgain() {
  const [renders, setRenders] = useState(0);
  rerenderParent = () => setRenders((count) => count + 1);
  return (
    <div data-parent-renders={renders}>
      <Shell pending />
    </div>
  );
}

describe('the shell frame (ADR 0157)', () => {
  it('is not rendered again when the component around it renders again with the same props', async () => {
    installFetchStub(serverFor());
    await renderWithProviders({
      route: '/main',
      preloadedState: signedInState(ACME),
      routes: [{ path: '/main', element: <ParentRenderedAgain /> }],
    });
    await screen.findByRole('banner');
    const before = topBarRenders.mock.calls.length;
    act(() => rerenderParent());
    act(() => rerenderParent());
    expect(document.querySelector('[data-parent-renders="2"]')).not.toBeNull();
    expect(topBarRenders.mock.calls.length).toBe(before);
  });
});
