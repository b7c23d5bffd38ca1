import { describe, expect, test } from 'vitest';
import { SettingsError, loadSettings } from '../../src/server/env';

describe('loadSettings', () => {
  test('defaults of CONTRACT.md with an empty environment', () => {
    expect(loadSettings({})).toMatchObject({
      PORT: 3000,
      HOST: '127.0.0.1',
      DATABASE_PATH: 'data/auction.db',
      UPLOAD_DIR: 'data/uploads',
      TRUST_PROXY: false,
      CORS_ORIGINS: [],
      SEED_DEMO: false,
      LOG_LEVEL: 'info',
      LOGIN_FAILURES_LIMIT: 10,
      SIGNUPS_PER_HOUR: 20,
      CONTACTS_PER_HOUR: 20,
    });
  });

  test('an empty variable counts as unset', () => {
    expect(loadSettings({ PORT: '', TRUST_PROXY: '' })).toMatchObject({ PORT: 3000, TRUST_PROXY: false });
  });

  test('reads the values given', () => {
    const settings = loadSettings({
      PORT: '8080',
      HOST: '0.0.0.0',
      DATABASE_PATH: ':memory:',
      TRUST_PROXY: 'true',
      CORS_ORIGINS: 'http://localhost:5173, https://shop.example.com/',
      SEED_DEMO: '1',
      LOG_LEVEL: 'warn',
      LOGIN_FAILURES_LIMIT: '3',
      SIGNUPS_PER_HOUR: '100',
      CONTACTS_PER_HOUR: '5',
    });
    expect(settings).toMatchObject({
      PORT: 8080,
      HOST: '0.0.0.0',
      DATABASE_PATH: ':memory:',
      TRUST_PROXY: true,
      CORS_ORIGINS: ['http://localhost:5173', 'https://shop.example.com'],
      SEED_DEMO: true,
      LOG_LEVEL: 'warn',
      LOGIN_FAILURES_LIMIT: 3,
      SIGNUPS_PER_HOUR: 100,
      CONTACTS_PER_HOUR: 5,
    });
  });

  test.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['PORT', '80.5'],
    ['PORT', ' '],
    ['PORT', '0x50'],
    ['PORT', '1e3'],
    ['TRUST_PROXY', 'maybe'],
    ['SEED_DEMO', '2'],
    ['CORS_ORIGINS', 'notaurl'],
    ['CORS_ORIGINS', 'https://shop.example.com/some/path'],
    ['LOG_LEVEL', 'loud'],
    ['LOGIN_FAILURES_LIMIT', '0'],
    ['LOGIN_FAILURES_LIMIT', 'ten'],
    ['SIGNUPS_PER_HOUR', '-1'],
    ['CONTACTS_PER_HOUR', '2.5'],
  ])('%s=%s throws a SettingsError naming the variable on one line', (name, value) => {
    let thrown: unknown;
    try {
      loadSettings({ [name]: value });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(SettingsError);
    const message = (thrown as Error).message;
    expect(message).toContain(name);
    expect(message).not.toContain('\n');
  });

  test('flags are read case-insensitively', () => {
    expect(loadSettings({ TRUST_PROXY: 'TRUE', SEED_DEMO: 'Yes' })).toMatchObject({ TRUST_PROXY: true, SEED_DEMO: true });
  });
});
