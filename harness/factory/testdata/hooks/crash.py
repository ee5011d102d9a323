# Crashes: a status other than 0 and 2 is a failure Droid runs the call past.
import sys
sys.stdin.read()
raise SystemExit("boom")
