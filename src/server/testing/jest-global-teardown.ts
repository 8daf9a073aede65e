import { rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { TEMPLATE_ENV } from './database-template';

export default async function globalTeardown(): Promise<void> {
  const file = process.env[TEMPLATE_ENV];
  if (file) rmSync(dirname(file), { recursive: true, force: true });
}
