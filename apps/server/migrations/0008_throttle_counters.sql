-- Throttle counters of the sign-in and the claim look-up (issue 15). One row per counter key; an
-- attempt is counted and decided in one statement (apps/server/src/throttle/counters.ts), so
-- concurrent attempts on several server processes can never get past the limit together.
CREATE TABLE throttle_counters (
  key            text PRIMARY KEY,
  attempts       integer NOT NULL,
  window_start   timestamptz NOT NULL,
  blocked_until  timestamptz,
  last_attempt   text
);

-- Replaced by throttle_counters: the claim look-up counted failures after checking them, and the
-- sign-in counters had no attempt marker.
DROP TABLE claim_lookup_failures;
DROP TABLE identity_throttle;
