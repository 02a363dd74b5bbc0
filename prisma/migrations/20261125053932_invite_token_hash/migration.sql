-- Invites keep only the sha256 (hex) of the token their URL carries, like sessions and account tokens:
-- the open invites already sent keep working, since their tokens hash to the stored value.
DROP INDEX "Invite_token_key";

ALTER TABLE "Invite" RENAME COLUMN "token" TO "tokenHash";
UPDATE "Invite" SET "tokenHash" = encode(sha256(convert_to("tokenHash", 'UTF8')), 'hex');

CREATE UNIQUE INDEX "Invite_tokenHash_key" ON "Invite"("tokenHash");
