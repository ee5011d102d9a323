#!/bin/sh
# Allows, and tells the model something about the call, at either hook.
read -r req
case $req in
*'"hook":"after_tool"'*) printf '{"verdict":"allow","note":"the token in this result is revoked"}\n' ;;
*) printf '{"verdict":"allow","note":"this repository uses pnpm"}\n' ;;
esac
