#!/usr/bin/env bash
# Installs what `npm run docs:recording` needs, from Debian's packages, when it is missing:
# Chromium (the browser the recording drives, as the screenshots do) and ffmpeg (which turns the
# browser's video into the take and the looping excerpt).
set -euo pipefail

missing=()
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
command -v ffmpeg >/dev/null 2>&1 || missing+=(ffmpeg)
if [ ${#missing[@]} -eq 0 ]; then
	exit 0
fi
if [ "$(id -u)" != 0 ]; then
	echo "the recording needs ${missing[*]}; as root: apt-get update && apt-get install -y ${missing[*]}" >&2
	exit 1
fi
echo "[recording] installing ${missing[*]} from Debian's packages"
export DEBIAN_FRONTEND=noninteractive
# Another apt-get on the machine (a parallel install) holds the lock for a while: wait for it.
apt-get -o DPkg::Lock::Timeout=600 update -q
apt-get -o DPkg::Lock::Timeout=600 install -y -q --no-install-recommends "${missing[@]}"
