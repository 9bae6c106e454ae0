#!/usr/bin/env bash
# Installs what the tests need beyond npm packages: Debian's Chromium for the browser tests,
# PostgreSQL for the second database engine, poppler-utils to read label PDFs back (pdfinfo,
# pdftotext, pdftoppm) and ffmpeg to make the fake camera's video for the scan test. Needs root (as on CI) when anything is missing.
set -euo pipefail

missing=()
command -v chromium >/dev/null 2>&1 || [ -x /usr/bin/chromium ] || missing+=(chromium)
if ! command -v initdb >/dev/null 2>&1 && ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
  missing+=(postgresql)
fi
# The two-instance test puts Debian's nginx in front of two servers.
[ -x /usr/sbin/nginx ] || command -v nginx >/dev/null 2>&1 || missing+=(nginx)
command -v ffmpeg >/dev/null 2>&1 || missing+=(ffmpeg)
command -v pdftoppm >/dev/null 2>&1 || missing+=(poppler-utils)
if ! command -v runuser >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then missing+=(util-linux); fi

if [ ${#missing[@]} -eq 0 ]; then exit 0; fi
if [ "$(id -u)" != 0 ]; then
  echo "The tests need: ${missing[*]}. Install them with: sudo apt-get install -y ${missing[*]}" >&2
  exit 1
fi
echo "Installing ${missing[*]} from Debian's packages..."
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq "${missing[@]}" >/dev/null
