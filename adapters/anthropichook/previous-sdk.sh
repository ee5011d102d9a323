#!/usr/bin/env bash
# Runs this module's tests against the anthropic-sdk-go release before the
# one go.mod pins (or the version given), in a copy of the module: the
# adapter reads the runner's tool spans, which no API promises, so both the
# pinned release and the one before it must pass. go.mod is left as it is.
#
#   adapters/anthropichook/previous-sdk.sh [v2.15.0]
set -euo pipefail
version=${1:-v2.15.0}
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# The copy sits where the module does, beside the docs its tests read.
mkdir -p "$tmp/adapters/anthropichook"
cp -r "$here/." "$tmp/adapters/anthropichook/"
ln -s "$root/README.md" "$tmp/README.md"
ln -s "$root/docs" "$tmp/docs"
cd "$tmp/adapters/anthropichook"
go mod edit -replace "github.com/hookchain/hookchain=$root"
go get "github.com/anthropics/anthropic-sdk-go/v2@$version"
go mod tidy
echo "== anthropichook against anthropic-sdk-go $version"
go test -race -count=1 ./...
