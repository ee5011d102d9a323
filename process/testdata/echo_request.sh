#!/bin/sh
# Answers with the request it was sent, verbatim: before the call as the
# input {"request": REQUEST}, after it as the output.
read -r req
case $req in
*'"hook":"before_tool"'*) printf '{"verdict":"modify","input":{"request":%s}}\n' "$req" ;;
*) printf '{"verdict":"replace","output":%s}\n' "$req" ;;
esac
