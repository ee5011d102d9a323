#!/bin/sh
printf '{"decision":"deny","reason":"rm -rf is not allowed here"}\n'
