#!/bin/sh
# Denies a recursive delete and allows everything else.
read -r req
case $req in
*'rm -rf'*) printf '{"decision":"deny","reason":"recursive delete"}\n' ;;
*) printf '{"decision":"allow"}\n' ;;
esac
