-- Files of the embedded file store (uploads, PDFs placed in a Postfach) when no object store
-- (S3_BUCKET) is configured: in the database, so every server process on it reads what another
-- wrote. The key is the server-made storage key of uploads.storage_key / attachments.storage_key.
CREATE TABLE files (
  key text PRIMARY KEY,
  bytes bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
