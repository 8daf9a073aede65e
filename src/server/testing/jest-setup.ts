// Each server test file starts its own embedded PostgreSQL, which takes seconds on a small machine and much longer on
// a loaded one: a fresh seeded database took over 30 s beside other work (issue 24). Tests wait for conditions, so
// the limit only has to catch a hang; the same as jest.config.ts's testTimeout, which this file would otherwise lower.
jest.setTimeout(180_000);
