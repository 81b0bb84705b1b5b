#!/usr/bin/env bash
# Installs the system packages the tests need, when missing: Debian's Chromium (browser tests via
# Playwright, no browser download) and PostgreSQL (the PostgreSQL store test). Idempotent.
set -euo pipefail
need=()
command -v chromium >/dev/null 2>&1 || need+=(chromium chromium-driver)
if ! command -v initdb >/dev/null 2>&1 && ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
  need+=(postgresql)
fi
if [ ${#need[@]} -gt 0 ]; then
  if [ "$(id -u)" -ne 0 ]; then SUDO=sudo; else SUDO=; fi
  echo "system-deps: installing ${need[*]}"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need[@]}" >/dev/null
fi
