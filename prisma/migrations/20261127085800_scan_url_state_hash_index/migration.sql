-- A page's frontier row is found among its scan's queued rows by its URL hash (finishing or skipping a page,
-- reading its new links' queued rows to add their jobs): with (scanId, state) alone, each of those read every
-- queued row of the scan, so a scan slowed as its frontier grew.

-- DropIndex
DROP INDEX "ScanUrl_scanId_state_idx";

-- CreateIndex
CREATE INDEX "ScanUrl_scanId_state_urlHash_idx" ON "ScanUrl"("scanId", "state", "urlHash");
