import { act, waitFor } from '@testing-library/react';
import { messages as english } from '../../i18n/locales/en/messages';
import { installFetchStub } from '../../testing/fetch-stub';
import { PATHS, persistSignedInSession, serverFor } from '../../testing/factories';
import { renderFirstPaint } from '../first-paint';
import { firstPaintHeadScript, READY_ATTRIBUTE } from '../first-paint-document';
import { startConsole, type StartedConsole } from '../start-console';
import type * as TopBarModule from './top-bar';
import { stopStartedConsole } from '../../testing/stop-started-console';

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

let started: StartedConsole | undefined;

afterEach(async () => {
  if (started) await stopStartedConsole(started);
  started = undefined;
  document.body.innerHTML = '';
  document.documentElement.removeAttribute(READY_ATTRIBUTE);
  window.innerWidth = 1024;
});

/**
 * The top bar's renders from the start of the console on the prerendered frame of a signed-in address, at a window
 * width, until the console is ready and a few tasks more; the session's call never answers, so the frame stays.
 */
async function topBarRendersHydratingAt(width: number): Promise<number> {
  window.innerWidth = width;
  persistSignedInSession();
  installFetchStub({ ...serverFor(), [PATHS.getSessionBootstrap]: () => new Promise(() => undefined) });
  window.history.replaceState(null, '', '/main/dashboard');
  const { html } = await renderFirstPaint('shell', 'en', english);
  document.body.innerHTML = `<div id="root" data-first-paint="shell" data-locale="en">${html}</div>`;
  act(() => new Function(firstPaintHeadScript())());
  topBarRenders.mockClear();
  started = await act(() => startConsole());
  expect(started.hydrated).toBe(true);
  await waitFor(() => expect(document.documentElement).toHaveAttribute(READY_ATTRIBUTE));
  for (let task = 0; task < 5; task++) await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
  return topBarRenders.mock.calls.length;
}

describe("the pending frame's hydration (ADR 0193)", () => {
  it('renders the frame as often on a phone as on a desktop: the width the build cannot know is not read', async () => {
    const desktop = await topBarRendersHydratingAt(1366);
    await stopStartedConsole(started!);
    started = undefined;
    document.body.innerHTML = '';
    document.documentElement.removeAttribute(READY_ATTRIBUTE);

    const phone = await topBarRendersHydratingAt(390);
    expect(desktop).toBeGreaterThan(0);
    expect(phone).toBe(desktop);
  });
});
