#!/bin/sh
# Denies a recursive delete and allows everything else.
read -r req
case $req in
*'rm -rf'*) printf '{"verdict":"deny","reason":"recursive delete"}\n' ;;
*) printf '{"verdict":"allow"}\n' ;;
esac
