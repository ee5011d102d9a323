#!/bin/sh
# Asks for a person's approval, with a note for the model.
cat >/dev/null
printf '{"decision":"ask","reason":"pushes to a shared remote","context":"CI runs on every push"}\n'
