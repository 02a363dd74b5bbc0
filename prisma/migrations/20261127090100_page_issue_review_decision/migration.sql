-- The reviewer's decision applied to a page's result (null when none applies): a result needing review that a
-- reviewer confirmed is stored as failed, a dismissed one stays manual; either way the row says so.
ALTER TABLE "PageIssue" ADD COLUMN "reviewDecision" "ReviewDecision";
