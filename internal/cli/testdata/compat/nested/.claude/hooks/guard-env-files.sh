#!/bin/sh
# Keeps the agent from printing .env files, wherever it is in the project.
input=$(cat)
case $input in
*'cat '*'.env'*)
	echo ".env files hold secrets; read .env.example instead" >&2
	exit 2 ;;
esac
exit 0
