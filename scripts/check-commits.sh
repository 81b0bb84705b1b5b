#!/usr/bin/env bash
# Commit subjects are at most 72 characters, with the detail in the body (issue 35; git's own advice).
# Checks the commits after $BASE (the merges of the session that made the rule; eleven of its helpers'
# subjects were longer and stay as they are), or says why it cannot.
set -euo pipefail
BASE=${1:-3f8ffc0}
if ! git rev-parse -q --verify "$BASE^{commit}" >/dev/null 2>&1; then
  echo "check-commits: $BASE is not in this clone's history (shallow?): not checked"; exit 0
fi
long=$(git log --format='%h %s' "$BASE..HEAD" | awk 'length($0) - index($0, " ") > 72')
if [ -n "$long" ]; then
  echo "check-commits: subjects over 72 characters (put the detail in the body):"; echo "$long"; exit 1
fi
echo "check-commits: $(git rev-list --count "$BASE..HEAD") commits after $BASE, every subject at most 72 characters"
