-- Accounts made before addresses were confirmed count as confirmed, so that the upgrade does not
-- silently stop the mail they were getting (docs/decisions/0013-accounts-before-confirmation.md);
-- from here on a new account confirms its address by the mailed link. Reset links already waiting
-- in the outbox become links of their account (leaving before any notice, and ended by a password
-- change). Made with `drizzle-kit generate --custom`.
UPDATE "users" SET "email_verified_at" = "created_at" WHERE "email_verified_at" IS NULL;
--> statement-breakpoint
UPDATE "mail_outbox"
SET "priority" = 0,
    "kind" = 'password_reset',
    "user_id" = (SELECT "users"."id" FROM "users" WHERE "users"."email" = "mail_outbox"."to_address")
WHERE "notification_id" IS NULL;
