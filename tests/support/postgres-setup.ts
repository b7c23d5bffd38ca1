// Set-up of the PostgreSQL projects: each test file's databases go when its last test has run.
import { afterAll } from 'vitest';
import { dropFileDatabases } from './fixtures';

afterAll(dropFileDatabases);
