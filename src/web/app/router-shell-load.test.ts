const order: string[] = [];
let apiLoaded: () => void = () => undefined;

jest.mock('../api/lazy-api', () => ({
  loadApi: () => {
    order.push('api requested');
    return new Promise<void>((resolve) => {
      apiLoaded = () => {
        order.push('api loaded');
        resolve();
      };
    });
  },
}));
jest.mock('../lib/next-task', () => ({
  nextTask: async () => {
    order.push('next task');
  },
}));

// Imported afresh, after the mocks above (the test set-up has loaded the real modules already).
const router = () => {
  jest.resetModules();
  return import('./router');
};
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("the shell's modules load after the API layer (ADR 0187)", () => {
  beforeEach(() => {
    order.length = 0;
  });

  it('imports the signed-in screens only once the API layer has run and a task has passed', async () => {
    const patch = jest.fn(() => order.push('shell patched'));
    const { patchSignedInRoutes } = await router();
    const patched = patchSignedInRoutes({ path: '/main/dashboard', patch } as never);
    await settle();
    await settle();
    expect(patch).not.toHaveBeenCalled();
    expect(order).toEqual(['api requested']);

    apiLoaded();
    await patched;
    expect(order).toEqual(['api requested', 'api loaded', 'next task', 'shell patched']);
  });

  it('leaves paths outside the shell alone, asking for nothing', async () => {
    const patch = jest.fn();
    const { patchSignedInRoutes } = await router();
    await patchSignedInRoutes({ path: '/reset-password', patch } as never);
    expect(order).toEqual([]);
    expect(patch).not.toHaveBeenCalled();
  });
});
