#!/bin/sh
# Allows, and tells the model something about the call, at either hook.
read -r req
case $req in
*'"hook":"after_tool"'*) printf '{"decision":"allow","context":"the token in this result is revoked"}\n' ;;
*) printf '{"decision":"allow","context":"this repository uses pnpm"}\n' ;;
esac
