-- The counts that the dashboards read instead of counting rows (counts-schema.ts,
-- docs/decisions/0017-counts-the-database-keeps.md), kept by triggers in the transaction of every write
-- to `auctions`, whichever code or tool makes it: an auction inserted or deleted (a relist inserts one,
-- a deleted account's cascade deletes), cancelled or closed (the close, a purchase, a cancel) or either
-- undone, or given to another seller. A bid, which sets the price, the count, the leader and the end,
-- names none of these columns and fires none of them. Then the counts of the auctions already there.
CREATE TRIGGER `auction_counts_after_insert` AFTER INSERT ON `auctions` BEGIN
  INSERT INTO auction_counts (id, listed, unclosed)
    VALUES (1, new.cancelled_at IS NULL, new.cancelled_at IS NULL AND new.closed_at IS NULL)
    ON CONFLICT (id) DO UPDATE SET listed = listed + excluded.listed, unclosed = unclosed + excluded.unclosed;
  INSERT INTO seller_auction_counts (seller_id, auctions) VALUES (new.seller_id, 1)
    ON CONFLICT (seller_id) DO UPDATE SET auctions = auctions + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `auction_counts_after_delete` AFTER DELETE ON `auctions` BEGIN
  UPDATE auction_counts
    SET listed = listed - (old.cancelled_at IS NULL), unclosed = unclosed - (old.cancelled_at IS NULL AND old.closed_at IS NULL)
    WHERE id = 1;
  UPDATE seller_auction_counts SET auctions = auctions - 1 WHERE seller_id = old.seller_id;
END;
--> statement-breakpoint
CREATE TRIGGER `auction_counts_after_update` AFTER UPDATE OF cancelled_at, closed_at ON `auctions`
WHEN (old.cancelled_at IS NULL) <> (new.cancelled_at IS NULL) OR (old.closed_at IS NULL) <> (new.closed_at IS NULL) BEGIN
  UPDATE auction_counts
    SET listed = listed + (new.cancelled_at IS NULL) - (old.cancelled_at IS NULL),
      unclosed = unclosed + (new.cancelled_at IS NULL AND new.closed_at IS NULL) - (old.cancelled_at IS NULL AND old.closed_at IS NULL)
    WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `seller_auction_counts_after_update` AFTER UPDATE OF seller_id ON `auctions`
WHEN old.seller_id <> new.seller_id BEGIN
  UPDATE seller_auction_counts SET auctions = auctions - 1 WHERE seller_id = old.seller_id;
  INSERT INTO seller_auction_counts (seller_id, auctions) VALUES (new.seller_id, 1)
    ON CONFLICT (seller_id) DO UPDATE SET auctions = auctions + 1;
END;
--> statement-breakpoint
INSERT INTO auction_counts (id, listed, unclosed)
  SELECT 1, coalesce(sum(cancelled_at IS NULL), 0), coalesce(sum(cancelled_at IS NULL AND closed_at IS NULL), 0) FROM auctions;
--> statement-breakpoint
INSERT INTO seller_auction_counts (seller_id, auctions) SELECT seller_id, count(*) FROM auctions GROUP BY seller_id;
