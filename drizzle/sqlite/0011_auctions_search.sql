-- The auction list's search and sorts. The two indexes come from schema.ts; the rest was written by
-- hand, as Drizzle's schema cannot declare a virtual table: an FTS5 index of each auction's name and
-- description (words folded to lower case without accents, prefixes of 2 and 3 letters indexed
-- ahead) that reads its text from `auctions`, kept in step by triggers. The update trigger fires only
-- when the text changes, so a bid (which rewrites the price, the count and maybe the end) never
-- touches it.
CREATE INDEX `auctions_price_id_idx` ON `auctions` (`current_price`,`id`);--> statement-breakpoint
CREATE INDEX `auctions_bids_id_idx` ON `auctions` (`bids_count`,`id`);--> statement-breakpoint
CREATE VIRTUAL TABLE `auctions_search` USING fts5(item_name, item_description, content='auctions', content_rowid='id', tokenize='unicode61 remove_diacritics 2', prefix='2 3');
--> statement-breakpoint
CREATE TRIGGER `auctions_search_after_insert` AFTER INSERT ON `auctions` BEGIN
  INSERT INTO auctions_search(rowid, item_name, item_description) VALUES (new.id, new.item_name, new.item_description);
END;
--> statement-breakpoint
CREATE TRIGGER `auctions_search_after_delete` AFTER DELETE ON `auctions` BEGIN
  INSERT INTO auctions_search(auctions_search, rowid, item_name, item_description) VALUES ('delete', old.id, old.item_name, old.item_description);
END;
--> statement-breakpoint
CREATE TRIGGER `auctions_search_after_update` AFTER UPDATE OF item_name, item_description ON `auctions` BEGIN
  INSERT INTO auctions_search(auctions_search, rowid, item_name, item_description) VALUES ('delete', old.id, old.item_name, old.item_description);
  INSERT INTO auctions_search(rowid, item_name, item_description) VALUES (new.id, new.item_name, new.item_description);
END;
--> statement-breakpoint
INSERT INTO auctions_search(auctions_search) VALUES ('rebuild');
