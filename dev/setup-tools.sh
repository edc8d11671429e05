#!/usr/bin/env bash
# `npm run setup:tools`: the independent validators and renderer the test suite uses, installed
# only when missing — poppler-utils (pdfsig, pdftotext, pdftoppm), qpdf, Chromium (HTML to PDF),
# and pyHanko from PyPI — plus the Temporal CLI. Idempotent and quick when all are present.
set -euo pipefail

missing=()
command -v pdfsig >/dev/null || missing+=(poppler-utils)
command -v qpdf >/dev/null || missing+=(qpdf)
command -v chromium >/dev/null || missing+=(chromium fonts-dejavu-core fonts-liberation)
if ((${#missing[@]})); then
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  echo "installing ${missing[*]} from Debian packages"
  $sudo apt-get install -y --no-install-recommends "${missing[@]}" >/dev/null 2>&1 ||
    { $sudo apt-get update >/dev/null && $sudo apt-get install -y --no-install-recommends "${missing[@]}" >/dev/null; }
fi

if ! command -v pyhanko >/dev/null; then
  echo "installing pyHanko from PyPI"
  python3 -m pip install --quiet --disable-pip-version-check pyhanko pyhanko-cli
fi

npm run --silent temporal:install
