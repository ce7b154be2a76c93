#!/usr/bin/env bash
# Installs what n8n's queue mode needs on this machine, from Debian's packages, when it is missing:
# Redis (redis-server) and PostgreSQL (initdb, postgres). Used by the queue-mode end-to-end suite
# and `npm run bench -- --only S5`; they start both as plain processes of their own
# (test/e2e/lib/queue-mode/services.ts), never as system services.
set -euo pipefail

missing=()
command -v redis-server >/dev/null 2>&1 || missing+=(redis-server)
if ! compgen -G '/usr/lib/postgresql/*/bin/initdb' >/dev/null && ! command -v initdb >/dev/null 2>&1; then
	missing+=(postgresql)
fi
if [ ${#missing[@]} -eq 0 ]; then
	exit 0
fi
if [ "$(id -u)" != 0 ]; then
	echo "queue mode needs ${missing[*]}; as root: apt-get update && apt-get install -y ${missing[*]}" >&2
	exit 1
fi
echo "[queue-mode] installing ${missing[*]} from Debian's packages"
export DEBIAN_FRONTEND=noninteractive
apt-get update -q
apt-get install -y -q --no-install-recommends "${missing[@]}"
