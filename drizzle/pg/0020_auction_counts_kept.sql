-- The counts that the dashboards read instead of counting rows (counts-schema.ts,
-- docs/decisions/0017-counts-the-database-keeps.md), kept by a trigger on every write to `auctions`,
-- whichever code or tool makes it: an auction inserted or deleted (a relist inserts one, a deleted
-- account's cascade deletes), cancelled or closed (the close, a purchase, a cancel) or either undone,
-- or given to another seller. A bid names none of these columns and fires nothing.
--
-- Each change is added in place (`count = count + change`), so that writers in every instance add up
-- exactly. The trigger is deferred to the commit: the counts' rows, which every such write updates,
-- are locked at the very end of a transaction and for no longer than its commit, after every row lock
-- it takes meanwhile, so two transactions never hold them in opposite orders. The one row of the
-- totals is always taken first.
CREATE FUNCTION auction_counts_keep() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  listed_change integer := 0;
  unclosed_change integer := 0;
  seller_moved boolean := TG_OP = 'UPDATE' AND OLD.seller_id <> NEW.seller_id;
BEGIN
  IF TG_OP <> 'INSERT' THEN
    listed_change := listed_change - (OLD.cancelled_at IS NULL)::integer;
    unclosed_change := unclosed_change - (OLD.cancelled_at IS NULL AND OLD.closed_at IS NULL)::integer;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    listed_change := listed_change + (NEW.cancelled_at IS NULL)::integer;
    unclosed_change := unclosed_change + (NEW.cancelled_at IS NULL AND NEW.closed_at IS NULL)::integer;
  END IF;
  IF TG_OP = 'UPDATE' AND listed_change = 0 AND unclosed_change = 0 AND NOT seller_moved THEN
    RETURN NULL;
  END IF;
  INSERT INTO auction_counts AS c (id, listed, unclosed) VALUES (1, listed_change, unclosed_change)
    ON CONFLICT (id) DO UPDATE SET listed = c.listed + excluded.listed, unclosed = c.unclosed + excluded.unclosed;
  IF TG_OP = 'DELETE' OR seller_moved THEN
    UPDATE seller_auction_counts SET auctions = auctions - 1 WHERE seller_id = OLD.seller_id;
  END IF;
  IF TG_OP = 'INSERT' OR seller_moved THEN
    INSERT INTO seller_auction_counts AS s (seller_id, auctions) VALUES (NEW.seller_id, 1)
      ON CONFLICT (seller_id) DO UPDATE SET auctions = s.auctions + 1;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER auction_counts_kept AFTER INSERT OR DELETE OR UPDATE OF cancelled_at, closed_at, seller_id ON "auctions"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION auction_counts_keep();
--> statement-breakpoint
-- TRUNCATE deletes no row one by one: the counts go with the auctions.
CREATE FUNCTION auction_counts_reset() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM auction_counts;
  DELETE FROM seller_auction_counts;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER auction_counts_after_truncate AFTER TRUNCATE ON "auctions" FOR EACH STATEMENT EXECUTE FUNCTION auction_counts_reset();
--> statement-breakpoint
-- The counts of the auctions already there. Creating the triggers above locked the table against
-- writes until this migration commits (other instances' included), so none is missed or counted twice.
INSERT INTO auction_counts (id, listed, unclosed)
  SELECT 1, count(*) FILTER (WHERE cancelled_at IS NULL), count(*) FILTER (WHERE cancelled_at IS NULL AND closed_at IS NULL) FROM auctions;
--> statement-breakpoint
INSERT INTO seller_auction_counts (seller_id, auctions) SELECT seller_id, count(*) FROM auctions GROUP BY seller_id;
