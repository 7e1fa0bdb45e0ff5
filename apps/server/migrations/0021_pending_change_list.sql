-- The contract view's list a pending change shows in (and names in the change history), as its
-- change declared it when it was saved: the view no longer asks the server's change kinds, and a
-- history entry keeps its list when its change is no longer offered. Rows saved before are given
-- theirs from the change declarations when a server starts (contracts/pendingLists.ts).
ALTER TABLE pending_changes ADD COLUMN liste text;
