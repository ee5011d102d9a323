#!/bin/sh
# Replaces the result and says nothing of is_error, so the result stays as
# much an error as it was.
printf '{"verdict":"replace","reason":"redacted a token","output":"token=[redacted]"}\n'
