DROP INDEX `max_bids_auction_rank_idx`;--> statement-breakpoint
ALTER TABLE `auctions` ADD `leader_max` integer;--> statement-breakpoint
-- The leader's maximum moves onto the auction row, which every bid reads anyway.
UPDATE `auctions` SET `leader_max` = (
  SELECT `amount` FROM `max_bids` WHERE `max_bids`.`auction_id` = `auctions`.`id` AND `max_bids`.`bidder_id` = `auctions`.`leader_id`
) WHERE `leader_id` IS NOT NULL;
