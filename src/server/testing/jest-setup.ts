// Each server test file starts its own embedded PostgreSQL, which takes a few seconds on a small machine.
jest.setTimeout(30_000);
