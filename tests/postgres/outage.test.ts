// PostgreSQL going away under a running server (a restart, a network cut): requests in flight or
// arriving meanwhile answer 503 with a message a person can act on, never a 500 or a stack, and
// once the database is back the same server answers again without being restarted.
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp } from '../../src/server/app';
import { createPgStore, type PgStore } from '../../src/server/db/pg/store';
import { transaction } from '../../src/server/db/pg/transaction';
import { DATABASE_UNAVAILABLE_MESSAGE } from '../../src/server/db/unavailable';
import { createDeps } from '../../src/server/deps';
import { testSettings } from '../../src/server/env';
import { expectErrorBody, get, post, signedUp } from '../support/http';
import { postgres } from '../support/postgres';
import { tcpProxy, type TcpProxy } from '../support/tcp-proxy';

const server = await postgres();

describe.skipIf(!server)('PostgreSQL out of reach while the server runs', () => {
  let proxy: TcpProxy;
  let store: PgStore;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let drop: () => Promise<void>;
  let directUrl: string;

  beforeAll(async () => {
    const database = await server!.freshDatabase();
    drop = () => database.drop();
    directUrl = database.url;
    const url = new URL(database.url);
    proxy = await tcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
    url.host = `127.0.0.1:${proxy.port}`;
    store = await createPgStore(url.href, { poolSize: 4 });
    app = await buildApp(createDeps(testSettings(), { store, limits: { kind: 'postgres', pool: store.db.$client } }), {
      closeAuctions: false,
    });
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    await proxy?.close();
    await drop?.();
  });

  test('answers 503 with a readable message on every door while it is gone, and serves again once it is back', async () => {
    const { token } = await signedUp(app, { name: 'Outage Olga' });
    expect((await get(app, '/api/auction?limit=5', { token })).statusCode).toBe(200);

    await proxy.cut();
    const list = await get(app, '/api/auction?limit=5', { token });
    expect(list.statusCode).toBe(503);
    expect(expectErrorBody(list).message).toBe(DATABASE_UNAVAILABLE_MESSAGE);
    const me = await get(app, '/api/user', { token });
    expect(me.statusCode).toBe(503);
    const viaTrpc = await get(app, '/trpc/auction.list?input=%7B%7D', { token });
    expect(viaTrpc.statusCode).toBe(503);
    expect(viaTrpc.body).toContain(DATABASE_UNAVAILABLE_MESSAGE);
    expect(viaTrpc.body).not.toMatch(/at .*\.ts:\d+|ECONNREFUSED|Connection terminated/);
    const login = await post(app, '/api/auth/login', { email: 'olga@example.com', password: 'whatever it is' });
    expect(login.statusCode).toBe(503);
    // The REST bid, which reaches its service without the tRPC caller, answers the same (its session
    // cannot be read: the route's own call to the database is not reached).
    const bid = await post(app, '/api/auction/1', { bidAmount: 11 }, { token });
    expect(bid.statusCode).toBe(503);
    expect(expectErrorBody(bid).message).toBe(DATABASE_UNAVAILABLE_MESSAGE);

    await proxy.restore();
    expect((await get(app, '/api/auction?limit=5', { token })).statusCode).toBe(200);
    expect((await get(app, '/api/user', { token })).statusCode).toBe(200);
  });

  test('connections cut under a running query answer 503 too, and the pool replaces them', async () => {
    const { token } = await signedUp(app, { name: 'Outage Oskar' });
    // Fill the pool with open connections, then cut them all while they are idle in it.
    await Promise.all(Array.from({ length: 4 }, () => get(app, '/api/auction?limit=5', { token })));
    await proxy.cut();
    await proxy.restore();
    const answers = await Promise.all(Array.from({ length: 6 }, () => get(app, '/api/auction?limit=5', { token })));
    for (const answer of answers) expect([200, 503]).toContain(answer.statusCode);
    expect((await get(app, '/api/auction?limit=5', { token })).statusCode).toBe(200);
  });

  test('a connection that dies inside a transaction fails that transaction, not the process', async () => {
    const killer = new pg.Client({ connectionString: directUrl });
    await killer.connect();
    try {
      const failed = transaction(store.db.$client, async (client) => {
        const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
        // Ended between two statements, as a restarting server ends it; terminate waits for the backend to go.
        await killer.query('select pg_terminate_backend($1, 5000)', [rows[0]!.pid]);
        // The server's last word reaches the socket while no statement runs: the moment an unheard
        // connection error would end the process (vitest reports it as an uncaught exception).
        await sleep(100);
        await client.query('select 1');
      });
      await expect(failed).rejects.toThrow();
      expect((await store.db.$client.query<{ one: number }>('select 1 as one')).rows[0]!.one).toBe(1);
    } finally {
      await killer.end();
    }
  });
});
