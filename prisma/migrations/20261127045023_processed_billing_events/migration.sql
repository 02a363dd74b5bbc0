-- CreateTable
CREATE TABLE "ProcessedBillingEvent" (
    "id" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "processedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ProcessedBillingEvent_pkey" PRIMARY KEY ("id")
);
