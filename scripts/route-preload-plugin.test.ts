import { scriptOf } from './route-preload-plugin';

const FILES = {
  '/': ['/sign-in.1.js'],
  '/main': ['/api~shell.2.js', '/dashboard.3.js', '/shell.4.js'],
  '/main/dashboard': ['/api~shell.2.js', '/dashboard.3.js', '/shell.4.js'],
};

/** Runs the script at `pathname` with a head that records the links and a scheduler whose yields the test resolves. */
function runAt(pathname: string, { withScheduler = true } = {}) {
  const links: Record<string, string>[] = [];
  const yields: (() => void)[] = [];
  const timeouts: (() => void)[] = [];
  const document = {
    createElement: () => ({}),
    head: { appendChild: (link: Record<string, string>) => links.push({ ...link }) },
  };
  const self = withScheduler
    ? { scheduler: { yield: () => new Promise<void>((resolve) => yields.push(resolve)) } }
    : {};
  const setTimeout = (callback: () => void) => timeouts.push(callback);
  new Function('location', 'document', 'self', 'setTimeout', scriptOf(FILES))({ pathname }, document, self, setTimeout);
  return { links, yields, timeouts };
}

/** Lets the script's awaited continuation run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('the route preload script (ADRs 0059, 0177)', () => {
  it('adds one low-priority preload link a task, yielding to the browser between two', async () => {
    const { links, yields } = runAt('/main/dashboard/');
    // The script's own task adds the first link only: each link starts its request inside appendChild.
    expect(links).toEqual([{ rel: 'preload', as: 'script', fetchPriority: 'low', href: '/api~shell.2.js' }]);
    expect(yields).toHaveLength(1);
    yields[0]!();
    await settle();
    expect(links.map((link) => link.href)).toEqual(['/api~shell.2.js', '/dashboard.3.js']);
    yields[1]!();
    await settle();
    yields[2]!();
    await settle();
    expect(links.map((link) => link.href)).toEqual(FILES['/main/dashboard']);
    expect(yields).toHaveLength(3);
  });

  it('yields with a zero timeout where the browser has no scheduler.yield', async () => {
    const { links, timeouts } = runAt('/', { withScheduler: false });
    expect(links.map((link) => link.href)).toEqual(['/sign-in.1.js']);
    expect(timeouts).toHaveLength(1);
  });

  it('adds nothing at an address without preloads', async () => {
    const { links, yields, timeouts } = runAt('/main/project/12/participants');
    await settle();
    expect(links).toEqual([]);
    expect(yields).toEqual([]);
    expect(timeouts).toEqual([]);
  });
});
