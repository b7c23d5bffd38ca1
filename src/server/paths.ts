// Where the project's own files are, from both the sources (src/server) and the build (dist/server).
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

function findRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error('package.json not found above the server code');
    dir = parent;
  }
  return dir;
}

export const projectRoot = findRoot();
export const sqliteMigrationsDir = resolve(projectRoot, 'drizzle/sqlite');
export const pgMigrationsDir = resolve(projectRoot, 'drizzle/pg');
export const clientDistDir = resolve(projectRoot, 'dist/client');
