-- A running idempotency key holds a lease: a claim writes its own token and the time its lease
-- ends. A process that dies while it runs the work leaves the key running; once the lease has
-- lapsed a retry with the same key and body takes it over (a new token), and the work of the old
-- claim can no longer complete it (its completion names its token). Keys left running before
-- this migration get a lease of 30 seconds from now.
ALTER TABLE idempotency_keys
  ADD COLUMN claim_token text,
  ADD COLUMN lease_until timestamptz NOT NULL DEFAULT now() + interval '30 seconds';
