#!/usr/bin/env bash
# Installs, when missing, the Debian packages the tests need, system-wide with apt-get (as root, else
# through sudo): chromium and chromium-driver for the browser tests (Playwright drives this Chromium; no
# browser download) and postgresql for the PostgreSQL store test. Says what it finds and does.
# `--skip browser,postgres` (make test SKIP=...) leaves a part out: nothing is checked or installed for it.
# `--cluster` (make cluster) checks postgresql and nginx only, for scripts/cluster.sh (the tests need no nginx).
set -euo pipefail
usage="usage: $0 [--skip browser,postgres | --cluster]"
skip= cluster=
case "${1:-}" in
  "") ;;
  --skip) skip=${2?$usage} ;;
  --skip=*) skip=${1#--skip=} ;;
  --cluster) skip=browser cluster=1 ;;
  *) echo "system-deps: unknown argument '$1'; $usage" >&2; exit 2 ;;
esac
for part in ${skip//,/ }; do
  case $part in browser|postgres) ;; *) echo "system-deps: unknown part '$part'; $usage" >&2; exit 2 ;; esac
done
skipped() { [[ ",$skip," == *",$1,"* ]]; }

need=() missing=()  # packages to install, and the parts (as SKIP names them) that need them
if [ -n "$cluster" ]; then
  :  # the cluster trial needs no browser
elif skipped browser; then
  echo "system-deps: browser tests skipped (SKIP=browser): chromium not checked"
elif command -v chromium >/dev/null 2>&1; then
  echo "system-deps: chromium found at $(command -v chromium)"
else
  need+=(chromium chromium-driver) missing+=(browser)
fi
if skipped postgres; then
  echo "system-deps: PostgreSQL test skipped (SKIP=postgres): postgresql not checked"
elif command -v initdb >/dev/null 2>&1 || ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
  echo "system-deps: PostgreSQL found"
else
  need+=(postgresql) missing+=(postgres)
fi
if [ -n "$cluster" ]; then
  if command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ]; then
    echo "system-deps: nginx found"
  else
    need+=(nginx) missing+=(cluster)
  fi
fi
[ ${#need[@]} -eq 0 ] && exit 0
if [ -n "$cluster" ]; then  # what goes without them: nothing, for the cluster trial
  instead="run scripts/cluster.sh where they are" without="scripts/cluster.sh needs them"
else
  instead=$(IFS=,; echo "run: make test SKIP=${missing[*]}")
  without=$(IFS=,; echo "make test SKIP=${missing[*]} runs without them")
fi

if [ "$(id -u)" -eq 0 ]; then
  sudo=()
elif command -v sudo >/dev/null 2>&1; then
  sudo=(sudo)
else
  echo "system-deps: missing ${need[*]}; installing them needs root or sudo, and this user has neither." >&2
  echo "system-deps: install them as root (apt-get install ${need[*]}) or $instead" >&2
  exit 1
fi
echo "system-deps: installing ${need[*]} system-wide with ${sudo[*]:+sudo }apt-get (usually 1 to 3 minutes;"
echo "system-deps: $without)"
start=$SECONDS
"${sudo[@]}" apt-get update -qq
"${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null
echo "system-deps: installed ${need[*]} in $((SECONDS - start)) s"
