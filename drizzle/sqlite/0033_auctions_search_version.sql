-- The version of the auctions' words: one row, raised by every trigger that writes the full-text index
-- (auctions_search), in the transaction of the write, whichever code or tool makes it. While it holds,
-- a search's matches read from the index are still its matches, and the app may keep them in memory
-- instead of reading the index again (src/server/db/sqlite/search.ts). A bid, a close or a purchase
-- writes none of the index's columns and leaves it as it is. The triggers are those of 0011 and 0018,
-- each with the version raised. The version only ever rises: the row is never deleted or lowered, and
-- a command sent to the index itself (a 'rebuild' after repairs) is followed by raising it by hand.
CREATE TABLE `auctions_search_version` (
	`id` integer PRIMARY KEY NOT NULL,
	`version` integer NOT NULL,
	CONSTRAINT "auctions_search_version_one_row" CHECK(`id` = 1)
);
--> statement-breakpoint
INSERT INTO `auctions_search_version` (`id`, `version`) VALUES (1, 0);
--> statement-breakpoint
DROP TRIGGER `auctions_search_after_insert`;
--> statement-breakpoint
CREATE TRIGGER `auctions_search_after_insert` AFTER INSERT ON `auctions` BEGIN
  INSERT INTO auctions_search(rowid, item_name, item_description) VALUES (new.id, new.item_name, new.item_description);
  UPDATE auctions_search_version SET version = version + 1 WHERE id = 1;
END;
--> statement-breakpoint
DROP TRIGGER `auctions_search_after_cancel`;
--> statement-breakpoint
CREATE TRIGGER `auctions_search_after_cancel` AFTER UPDATE OF cancelled_at ON `auctions`
WHEN old.cancelled_at IS NULL AND new.cancelled_at IS NOT NULL BEGIN
  INSERT INTO auctions_search(auctions_search, rowid, item_name, item_description) VALUES ('delete', old.id, old.item_name, old.item_description);
  UPDATE auctions_search_version SET version = version + 1 WHERE id = 1;
END;
--> statement-breakpoint
DROP TRIGGER `auctions_search_after_uncancel`;
--> statement-breakpoint
CREATE TRIGGER `auctions_search_after_uncancel` AFTER UPDATE OF cancelled_at ON `auctions`
WHEN old.cancelled_at IS NOT NULL AND new.cancelled_at IS NULL BEGIN
  INSERT INTO auctions_search(rowid, item_name, item_description) VALUES (new.id, new.item_name, new.item_description);
  UPDATE auctions_search_version SET version = version + 1 WHERE id = 1;
END;
--> statement-breakpoint
DROP TRIGGER `auctions_search_after_delete`;
--> statement-breakpoint
CREATE TRIGGER `auctions_search_after_delete` AFTER DELETE ON `auctions` WHEN old.cancelled_at IS NULL BEGIN
  INSERT INTO auctions_search(auctions_search, rowid, item_name, item_description) VALUES ('delete', old.id, old.item_name, old.item_description);
  UPDATE auctions_search_version SET version = version + 1 WHERE id = 1;
END;
--> statement-breakpoint
DROP TRIGGER `auctions_search_after_update`;
--> statement-breakpoint
CREATE TRIGGER `auctions_search_after_update` AFTER UPDATE OF item_name, item_description ON `auctions`
WHEN new.cancelled_at IS NULL BEGIN
  INSERT INTO auctions_search(auctions_search, rowid, item_name, item_description) VALUES ('delete', old.id, old.item_name, old.item_description);
  INSERT INTO auctions_search(rowid, item_name, item_description) VALUES (new.id, new.item_name, new.item_description);
  UPDATE auctions_search_version SET version = version + 1 WHERE id = 1;
END;
