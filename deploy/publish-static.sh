#!/bin/sh
# Runs as the static image starts (nginx's /docker-entrypoint.d): publishes the build baked into the
# image (/srv/build) into the served folder, a volume that outlives containers. New hashed files go in
# first and old ones stay, so a page still holding the previous manifest gets its chunks; then each
# entry file (index.html, mf-manifest.json, ...) is replaced by one rename. Hashed files that no build
# has shipped for 7 days are removed.
set -eu
src=/srv/build
dst=/usr/share/nginx/html

mkdir -p "$dst/static"
if [ -d "$src/static" ]; then
  cp -R -n "$src/static/." "$dst/static/"
  (cd "$src" && find static -type f) | while read -r file; do touch "$dst/$file"; done
fi

(cd "$src" && find . -type f ! -path './static/*') | while read -r file; do
  mkdir -p "$dst/$(dirname "$file")"
  cp "$src/$file" "$dst/$file.next"
  mv -f "$dst/$file.next" "$dst/$file"
done

find "$dst/static" -type f -mtime +7 -delete
echo "published $(cd "$src" && find . -type f | wc -l) files of ${PACKAGE:-this build} into $dst"
