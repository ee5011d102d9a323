#!/bin/sh
# Asks for a person's approval, with a note for the model.
cat >/dev/null
printf '{"verdict":"ask","reason":"pushes to a shared remote","note":"CI runs on every push"}\n'
