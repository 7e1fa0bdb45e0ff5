-- Claim reports from the claim apps: a claim-app token is used once, and a claim keeps every
-- answer of its report.

ALTER TABLE claim_tokens ADD COLUMN used_at timestamptz;
ALTER TABLE claims ADD COLUMN details jsonb NOT NULL DEFAULT '{}'::jsonb;
