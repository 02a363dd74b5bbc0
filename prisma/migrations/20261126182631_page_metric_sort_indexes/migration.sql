-- canopy:hand-written
-- The performance pages list sorted by a Lighthouse metric (FCP, Speed Index, TBT, LCP, CLS) walks an index
-- instead of reading and sorting every page of the site. The expressions are exactly those the list orders by
-- (packages/db page-lists.ts), ids breaking ties; pages without the metric come last in either direction
-- (NULLS LAST), which one index per direction serves.
CREATE INDEX "Page_siteId_fcp_asc_idx" ON "Page"("siteId", (("performanceMetrics" -> 'firstContentfulPaint' ->> 'value')::double precision) ASC NULLS LAST, "id" ASC);
CREATE INDEX "Page_siteId_fcp_desc_idx" ON "Page"("siteId", (("performanceMetrics" -> 'firstContentfulPaint' ->> 'value')::double precision) DESC NULLS LAST, "id" DESC);
CREATE INDEX "Page_siteId_speedIndex_asc_idx" ON "Page"("siteId", (("performanceMetrics" -> 'speedIndex' ->> 'value')::double precision) ASC NULLS LAST, "id" ASC);
CREATE INDEX "Page_siteId_speedIndex_desc_idx" ON "Page"("siteId", (("performanceMetrics" -> 'speedIndex' ->> 'value')::double precision) DESC NULLS LAST, "id" DESC);
CREATE INDEX "Page_siteId_tbt_asc_idx" ON "Page"("siteId", (("performanceMetrics" -> 'totalBlockingTime' ->> 'value')::double precision) ASC NULLS LAST, "id" ASC);
CREATE INDEX "Page_siteId_tbt_desc_idx" ON "Page"("siteId", (("performanceMetrics" -> 'totalBlockingTime' ->> 'value')::double precision) DESC NULLS LAST, "id" DESC);
CREATE INDEX "Page_siteId_lcp_asc_idx" ON "Page"("siteId", (("performanceMetrics" -> 'largestContentfulPaint' ->> 'value')::double precision) ASC NULLS LAST, "id" ASC);
CREATE INDEX "Page_siteId_lcp_desc_idx" ON "Page"("siteId", (("performanceMetrics" -> 'largestContentfulPaint' ->> 'value')::double precision) DESC NULLS LAST, "id" DESC);
CREATE INDEX "Page_siteId_cls_asc_idx" ON "Page"("siteId", (("performanceMetrics" -> 'cumulativeLayoutShift' ->> 'value')::double precision) ASC NULLS LAST, "id" ASC);
CREATE INDEX "Page_siteId_cls_desc_idx" ON "Page"("siteId", (("performanceMetrics" -> 'cumulativeLayoutShift' ->> 'value')::double precision) DESC NULLS LAST, "id" DESC);
