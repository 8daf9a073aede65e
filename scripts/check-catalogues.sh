#!/usr/bin/env bash
# Fails when `lingui extract` would change the committed catalogues (a string added without its translations).
set -euo pipefail
cd "$(dirname "$0")/.."
dir=src/web/i18n/locales
backup=$(mktemp -d)
cp -r "$dir" "$backup/"
npx lingui extract --clean >/dev/null
if ! diff -r -q "$backup/locales" "$dir" >/dev/null; then
  diff -r -u "$backup/locales" "$dir" | head -60
  rm -rf "$dir" && cp -r "$backup/locales" "$dir"
  echo "Catalogues are out of date: run npm run i18n:extract, translate es and tl, and commit." >&2
  exit 1
fi
missing=$(grep -c -E '^msgstr ""$' "$dir/es/messages.po" "$dir/tl/messages.po" | awk -F: '{s+=$2} END {print s+0}')
# Each .po file starts with one empty msgstr (its header).
if [ "$missing" -gt 2 ]; then
  echo "Untranslated Spanish or Tagalog messages: $((missing - 2))" >&2
  exit 1
fi
echo "catalogues: up to date and translated"
