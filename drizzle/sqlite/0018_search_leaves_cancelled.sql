-- A cancelled auction leaves the search index, as it leaves every public list: a search alone is then
-- still counted in the index, without reading the auctions. Written by hand, as the index is
-- (0011_auctions_search). The index must never be told to delete an entry it does not hold (that
-- corrupts it), so the delete and update triggers now skip cancelled auctions, and an auction whose
-- cancellation is undone (by hand, or by a later tool) goes back in.
CREATE TRIGGER `auctions_search_after_cancel` AFTER UPDATE OF cancelled_at ON `auctions`
WHEN old.cancelled_at IS NULL AND new.cancelled_at IS NOT NULL BEGIN
  INSERT INTO auctions_search(auctions_search, rowid, item_name, item_description) VALUES ('delete', old.id, old.item_name, old.item_description);
END;
--> statement-breakpoint
CREATE TRIGGER `auctions_search_after_uncancel` AFTER UPDATE OF cancelled_at ON `auctions`
WHEN old.cancelled_at IS NOT NULL AND new.cancelled_at IS NULL BEGIN
  INSERT INTO auctions_search(rowid, item_name, item_description) VALUES (new.id, new.item_name, new.item_description);
END;
--> statement-breakpoint
DROP TRIGGER `auctions_search_after_delete`;
--> statement-breakpoint
CREATE TRIGGER `auctions_search_after_delete` AFTER DELETE ON `auctions` WHEN old.cancelled_at IS NULL BEGIN
  INSERT INTO auctions_search(auctions_search, rowid, item_name, item_description) VALUES ('delete', old.id, old.item_name, old.item_description);
END;
--> statement-breakpoint
DROP TRIGGER `auctions_search_after_update`;
--> statement-breakpoint
CREATE TRIGGER `auctions_search_after_update` AFTER UPDATE OF item_name, item_description ON `auctions`
WHEN new.cancelled_at IS NULL BEGIN
  INSERT INTO auctions_search(auctions_search, rowid, item_name, item_description) VALUES ('delete', old.id, old.item_name, old.item_description);
  INSERT INTO auctions_search(rowid, item_name, item_description) VALUES (new.id, new.item_name, new.item_description);
END;
