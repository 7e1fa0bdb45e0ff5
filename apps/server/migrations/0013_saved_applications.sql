-- Applications saved to continue later: a signed-in customer's (partner_nummer), or a public
-- applicant's reached by a resume link sent by e-mail (email, geburtsdatum, the link token's
-- hash and end). Every row ends on expires_on and is deleted after it.
CREATE TABLE saved_applications (
  id uuid PRIMARY KEY,
  brand text,
  flow text NOT NULL,
  flow_version integer NOT NULL CHECK (flow_version >= 1),
  partner_nummer text,
  email text,
  geburtsdatum date,
  link_token_hash text UNIQUE,
  link_expires_on date,
  failed_attempts integer NOT NULL DEFAULT 0,
  data jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  expires_on date NOT NULL,
  CHECK (partner_nummer IS NOT NULL OR (email IS NOT NULL AND geburtsdatum IS NOT NULL
    AND link_token_hash IS NOT NULL AND link_expires_on IS NOT NULL))
);
CREATE INDEX saved_applications_partner ON saved_applications (partner_nummer, updated_at DESC);
CREATE INDEX saved_applications_expiry ON saved_applications (expires_on);
