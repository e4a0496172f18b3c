#!/usr/bin/env bash
# Builds the unhop page into web/dist/ (entry: web/dist/index.html), a folder any static file
# server can serve. Installs what it needs that is missing: the wasm32-unknown-unknown target,
# wasm-bindgen-cli at the version of wasm-bindgen in Cargo.lock, the npm packages from
# web/package-lock.json. `bash web/build.sh --tools` installs those and stops.
set -euo pipefail
tools_only=false
case "${1:-}" in
  '') ;;
  --tools) tools_only=true ;;
  *) echo "usage: bash web/build.sh [--tools]" >&2; exit 2 ;;
esac
web="$(cd "$(dirname "$0")" && pwd)"
root="$(dirname "$web")"
cd "$root"

if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  echo "installing the Rust target wasm32-unknown-unknown"
  rustup target add wasm32-unknown-unknown
fi

# The command-line tool must be exactly the library's version, or the generated glue fails.
version="$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/[^0-9.]/, ""); print; exit }' Cargo.lock)"
if [ -z "$version" ]; then
  echo "web/build.sh: wasm-bindgen is not in Cargo.lock" >&2
  exit 1
fi
# A debug build of the tool: it compiles in about a third of the time of a release build (3
# minutes rather than 7 on two cores), writes the same files, and takes a second for the page.
if ! command -v wasm-bindgen >/dev/null 2>&1 || [ "$(wasm-bindgen --version | awk '{print $2}')" != "$version" ]; then
  echo "installing wasm-bindgen-cli $version (a few minutes)"
  cargo install --debug wasm-bindgen-cli --version "$version"
fi

if [ ! -d "$web/node_modules/@hpcc-js/wasm-graphviz" ] || [ ! -d "$web/node_modules/playwright-core" ] ||
  [ ! -d "$web/node_modules/ajv" ]; then
  echo "installing the npm packages from web/package-lock.json"
  (cd "$web" && npm ci --no-audit --no-fund)
fi
if $tools_only; then
  exit 0
fi

# The `web` profile: release without debug information (see Cargo.toml).
cargo build -p unhop-web --profile web --target wasm32-unknown-unknown
target_dir="${CARGO_TARGET_DIR:-$root/target}"

rm -rf "$web/dist"
mkdir -p "$web/dist/pkg" "$web/dist/vendor"
wasm-bindgen --target web --no-typescript --out-dir "$web/dist/pkg" \
  "$target_dir/wasm32-unknown-unknown/web/unhop_web.wasm"
cp -r "$web/static/." "$web/dist/"
cp "$web/node_modules/@hpcc-js/wasm-graphviz/dist/index.js" "$web/dist/vendor/graphviz.js"
echo "built $web/dist ($(du -sh "$web/dist" | cut -f1)); serve it with any static file server, e.g."
echo "  python3 -m http.server -d web/dist -b 127.0.0.1 8000"
