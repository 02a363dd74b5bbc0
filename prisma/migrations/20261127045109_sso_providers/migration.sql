-- CreateTable
CREATE TABLE "SsoProvider" (
    "id" TEXT NOT NULL,
    "organisationId" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "iconUrl" TEXT,
    "issuerUrl" TEXT NOT NULL,
    "clientId" TEXT NOT NULL,
    "clientSecretSealed" TEXT NOT NULL,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "SsoProvider_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SsoProviderDomain" (
    "domain" TEXT NOT NULL,
    "providerId" TEXT NOT NULL,

    CONSTRAINT "SsoProviderDomain_pkey" PRIMARY KEY ("domain")
);

-- CreateIndex
CREATE INDEX "SsoProvider_organisationId_idx" ON "SsoProvider"("organisationId");

-- CreateIndex
CREATE INDEX "SsoProviderDomain_providerId_idx" ON "SsoProviderDomain"("providerId");

-- AddForeignKey
ALTER TABLE "SsoProvider" ADD CONSTRAINT "SsoProvider_organisationId_fkey" FOREIGN KEY ("organisationId") REFERENCES "Organisation"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SsoProviderDomain" ADD CONSTRAINT "SsoProviderDomain_providerId_fkey" FOREIGN KEY ("providerId") REFERENCES "SsoProvider"("id") ON DELETE CASCADE ON UPDATE CASCADE;
