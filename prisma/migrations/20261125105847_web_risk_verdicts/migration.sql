-- CreateTable
CREATE TABLE "WebRiskVerdict" (
    "url" TEXT NOT NULL,
    "threatTypes" TEXT[],
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "checkedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "WebRiskVerdict_pkey" PRIMARY KEY ("url")
);

-- CreateIndex
CREATE INDEX "WebRiskVerdict_expiresAt_idx" ON "WebRiskVerdict"("expiresAt");
