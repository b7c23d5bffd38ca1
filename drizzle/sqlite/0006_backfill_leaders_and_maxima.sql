-- Bids placed before automatic bidding: each bidder's standing maximum is their highest bid, reached
-- by that bid (rows written in its order, so the ids say who reached an amount first); the leader is
-- the bidder of the highest bid; each bid carries the end it left. Auctions that had already ended
-- count as closed: their outcome is read from the leader, and no notices are owed for them.
-- Made with `drizzle-kit generate --custom`. (SQLite gives a bare column the row of max().)
INSERT INTO `max_bids` (`auction_id`, `bidder_id`, `amount`)
SELECT `auction_id`, `bidder_id`, `amount` FROM (
  SELECT `auction_id`, `bidder_id`, max(`amount`) AS `amount`, `id` FROM `bids` GROUP BY `auction_id`, `bidder_id`
) ORDER BY `id`;
--> statement-breakpoint
UPDATE `auctions` SET `leader_id` = (
  SELECT `bidder_id` FROM `bids` WHERE `bids`.`auction_id` = `auctions`.`id` ORDER BY `amount` DESC, `id` LIMIT 1
);
--> statement-breakpoint
UPDATE `bids` SET `ends_at` = (SELECT `ends_at` FROM `auctions` WHERE `auctions`.`id` = `bids`.`auction_id`);
--> statement-breakpoint
UPDATE `auctions` SET `closed_at` = `ends_at` WHERE `ends_at` <= unixepoch('subsec') * 1000;
