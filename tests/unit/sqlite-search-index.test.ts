// SQLite's search index (an FTS5 table kept by triggers beside the auctions) leaves a cancelled
// auction out, and stays sound through a cancellation, its undoing and a deletion: told to delete an
// entry it does not hold, it would be corrupt ("database disk image is malformed") at the next write.
import { describe, expect, test } from 'vitest';
import { openSqlite } from '../../src/server/db/sqlite/open';

function freshDatabase() {
  const db = openSqlite(':memory:');
  const sql = db.$client;
  sql.prepare("insert into users (name, email, password_hash, role) values ('Sam', 'sam@example.test', 'x', 'user')").run();
  const insert = sql.prepare(
    `insert into auctions (seller_id, item_name, item_description, item_category, starting_price, current_price, starts_at, ends_at)
     values (1, ?, 'A brass lamp for a desk', 'Home & Garden', 10, 10, 0, 4102444800000)`,
  );
  const ids = ['Desk lamp', 'Floor lamp', 'Wall lamp'].map((name) => Number(insert.run(name).lastInsertRowid));
  const found = (word: string) =>
    sql
      .prepare<[string], number>('select rowid from auctions_search where auctions_search match ? order by rowid')
      .pluck()
      .all(`"${word}"*`);
  // Checks the index's own structure; it throws on a corrupt index.
  const checkSound = () => sql.prepare("insert into auctions_search(auctions_search) values ('integrity-check')").run();
  const setCancelled = (id: number, at: number | null) => sql.prepare('update auctions set cancelled_at = ? where id = ?').run(at, id);
  return { sql, ids, found, checkSound, setCancelled };
}

describe('the SQLite search index and cancelled auctions', () => {
  test('a cancelled auction leaves the index, and comes back if its cancellation is undone', () => {
    const { ids, found, checkSound, setCancelled } = freshDatabase();
    expect(found('lamp')).toEqual(ids);
    setCancelled(ids[1]!, 1_000);
    expect(found('lamp')).toEqual([ids[0], ids[2]]);
    checkSound();
    setCancelled(ids[1]!, null);
    expect(found('lamp')).toEqual(ids);
    checkSound();
  });

  test('deleting a cancelled auction, or renaming one, leaves the index sound', () => {
    const { sql, ids, found, checkSound, setCancelled } = freshDatabase();
    setCancelled(ids[0]!, 1_000);
    sql.prepare("update auctions set item_name = 'Reading lamp' where id = ?").run(ids[0]);
    sql.prepare('delete from auctions where id = ?').run(ids[0]);
    checkSound();
    sql.prepare('delete from auctions where id = ?').run(ids[1]);
    expect(found('lamp')).toEqual([ids[2]]);
    checkSound();
    // The next writes still work on a sound index.
    sql.prepare("update auctions set item_name = 'Brass wall lamp' where id = ?").run(ids[2]);
    expect(found('wall')).toEqual([ids[2]]);
    checkSound();
  });
});
