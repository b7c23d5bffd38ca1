DROP INDEX `users_last_login_at_idx`;--> statement-breakpoint
DROP INDEX `users_name_idx`;--> statement-breakpoint
CREATE INDEX `users_name_nocase_idx` ON `users` ("name" collate nocase,`id`);--> statement-breakpoint
CREATE INDEX `users_role_id_idx` ON `users` (`role`,`id`);--> statement-breakpoint
CREATE INDEX `users_last_login_asc_idx` ON `users` (("last_login_at" is null),`last_login_at`,`id`);--> statement-breakpoint
CREATE INDEX `users_last_login_desc_idx` ON `users` (("last_login_at" is null),"last_login_at" desc,"id" desc);--> statement-breakpoint
CREATE INDEX `sessions_last_seen_at_idx` ON `sessions` (`last_seen_at`);